// Two-factor authentication in the identity service: RFC 6238 codes as authenticator apps expect them,
// each accepted once; the secret is stored sealed, and sign-in state travels in a signed form field.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Db } from "../db.ts";

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one still count: clocks drift. */
const TOTP_WINDOW = 1;
const ISSUER = "Keel";
/** How long a sign-in may rest between its password and its code, or its set-up. */
export const PENDING_TTL_MS = 10 * 60_000;

const keyOf = (secret: string, purpose: string) =>
  createHash("sha256").update(`${purpose}:${secret}`).digest();

export function sealSecret(plain: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(key, "totp-secret"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

export function openSecret(sealed: string, key: string): string | null {
  const [iv, body, tag] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(key, "totp-secret"), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new random secret (160 bits, the size RFC 4226 recommends), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (base32: string, login = "") =>
  new TOTP({ issuer: ISSUER, label: login, secret: Secret.fromBase32(base32), period: TOTP_PERIOD_SECONDS });

export function enrolment(base32: string, login: string): { uri: string; qrSvg: string } {
  const uri = totp(base32, login).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The time step a code belongs to, within the window around `now`; null when it fits none. */
export function matchingStep(base32: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(base32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The current code of a secret: for tests and for people reading the mock, never sent anywhere. */
export const currentCode = (base32: string, now = Date.now()): string =>
  totp(base32).generate({ timestamp: now });

/** Accepts a code once: one statement checks the step is newer and records it, so a replay is refused. */
export async function acceptCode(
  db: Db,
  key: string,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true } });
  const base32 = user?.totpSecret ? openSecret(user.totpSecret, key) : null;
  const step = base32 ? matchingStep(base32, code, now) : null;
  if (step === null) return false;
  const { count } = await db.user.updateMany({
    where: {
      id: userId,
      twoFactorEnabled: true,
      OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }],
    },
    data: { totpLastStep: step },
  });
  return count === 1;
}

export async function enableTotp(
  db: Db,
  key: string,
  userId: string,
  base32: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const step = matchingStep(base32, code, now);
  if (step === null) return false;
  const { count } = await db.user.updateMany({
    where: { id: userId, twoFactorEnabled: false },
    data: { twoFactorEnabled: true, totpSecret: sealSecret(base32, key), totpLastStep: step },
  });
  return count === 1;
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db.user.updateMany({
    where: { id: userId, requiredTwoFactorAuthentication: false },
    data: { twoFactorEnabled: false, totpSecret: null, totpLastStep: null },
  });
}

/** A sign-in between its steps: whose it is, what it waits for, and for set-up the sealed new secret. */
export interface PendingSignIn {
  userId: string;
  step: "code" | "set-up";
  sealedSecret?: string;
  expiresAt: number;
}

const signPending = (payload: string, key: string) =>
  createHmac("sha256", keyOf(key, "pending-sign-in")).update(payload).digest("base64url");

export function pendingToken(pending: PendingSignIn, key: string): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString("base64url");
  return `${payload}.${signPending(payload, key)}`;
}

export function readPendingToken(
  token: string | undefined,
  key: string,
  now = Date.now(),
): PendingSignIn | null {
  if (!token) return null;
  const [payload = "", mac = ""] = token.split(".");
  const given = Buffer.from(mac);
  const wanted = Buffer.from(signPending(payload, key));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PendingSignIn;
    return typeof value.userId === "string" && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}
