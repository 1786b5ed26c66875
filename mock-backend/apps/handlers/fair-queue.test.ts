import { expect, test } from "vitest";
import { createFairQueue, type Turn } from "./fair-queue.ts";

const limits = { total: 3, perApp: 2, perUser: 1, maxQueued: 5, maxQueuedPerUser: 2 };

test("a user's second call waits while another user's call to another app runs at once", async () => {
  const queue = createFairQueue(limits);
  const first = await queue.acquire("x", "mallory");
  let secondStarted = false;
  const second = queue.acquire("x", "mallory").then((turn) => {
    secondStarted = true;
    return turn;
  });
  expect(await queue.acquire("y", "alice")).not.toBeNull();
  expect(secondStarted).toBe(false);
  first?.release();
  expect(await second).not.toBeNull();
});

test("one app runs at most perApp calls, and a waiting call of another app goes first when it fits", async () => {
  const queue = createFairQueue(limits);
  const turns = [await queue.acquire("x", "a"), await queue.acquire("x", "b")];
  const order: string[] = [];
  const waitingX = queue.acquire("x", "c").then((turn) => (order.push("x"), turn));
  const y = await queue.acquire("y", "d");
  expect(y).not.toBeNull();
  expect(order).toEqual([]);
  turns[0]?.release();
  await waitingX;
  expect(order).toEqual(["x"]);
});

test("each user's line and the whole line are bounded", async () => {
  const queue = createFairQueue(limits);
  const running: (Turn | null)[] = [await queue.acquire("x", "mallory")];
  const waiting = [queue.acquire("x", "mallory"), queue.acquire("x", "mallory")];
  expect(await queue.acquire("x", "mallory")).toBeNull();
  running.push(await queue.acquire("x", "alice"));
  for (const user of ["b", "c", "d"]) waiting.push(queue.acquire("x", user));
  expect(await queue.acquire("x", "e")).toBeNull();
  for (const turn of running) turn?.release();
  expect(await waiting[0]).not.toBeNull();
});
