// Decides when a handler call may run, within `total`, `perApp` and `perUser` limits: a turn goes to the
// first waiting call that fits, so one busy user or app delays only itself.

export interface FairLimits {
  total: number;
  perApp: number;
  perUser: number;
  maxQueued: number;
  maxQueuedPerUser: number;
}

export interface Turn {
  release(): void;
}

export interface FairQueue {
  /** A turn for a call of `user` to `app`, or null when the line is full. */
  acquire(app: string, user: string): Promise<Turn | null>;
}

interface Waiter {
  app: string;
  user: string;
  grant: (turn: Turn) => void;
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export function createFairQueue(limits: FairLimits): FairQueue {
  let running = 0;
  const runningPerApp = new Map<string, number>();
  const runningPerUser = new Map<string, number>();
  const queuedPerUser = new Map<string, number>();
  const waiting: Waiter[] = [];
  const userKey = (app: string, user: string) => `${app}\u0000${user}`;

  const fits = (app: string, user: string) =>
    running < limits.total &&
    (runningPerApp.get(app) ?? 0) < limits.perApp &&
    (runningPerUser.get(userKey(app, user)) ?? 0) < limits.perUser;

  function begin(app: string, user: string): Turn {
    running += 1;
    increment(runningPerApp, app, 1);
    increment(runningPerUser, userKey(app, user), 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running -= 1;
        increment(runningPerApp, app, -1);
        increment(runningPerUser, userKey(app, user), -1);
        dispatch();
      },
    };
  }

  function dispatch(): void {
    for (let i = 0; i < waiting.length && running < limits.total;) {
      const waiter = waiting[i]!;
      if (!fits(waiter.app, waiter.user)) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      increment(queuedPerUser, userKey(waiter.app, waiter.user), -1);
      waiter.grant(begin(waiter.app, waiter.user));
    }
  }

  return {
    acquire(app, user) {
      // Whatever waits does not fit, so a call that fits now takes no one's turn.
      if (fits(app, user)) return Promise.resolve(begin(app, user));
      const key = userKey(app, user);
      if (waiting.length >= limits.maxQueued || (queuedPerUser.get(key) ?? 0) >= limits.maxQueuedPerUser) {
        return Promise.resolve(null);
      }
      increment(queuedPerUser, key, 1);
      return new Promise<Turn>((grant) => waiting.push({ app, user, grant }));
    },
  };
}
