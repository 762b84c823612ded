import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (issue 25, hole 6), after OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies": a browser that has signed in to an account with the right password gets a signed
 * cookie naming that account. Later logins to the account that present it are judged by that
 * device's own failures only, not by the account-wide delay that failures from other clients
 * caused — so a pupil guessing the teacher's password from the school's shared address cannot
 * keep the teacher, on a browser they signed in from before, out. Clients without a valid cookie
 * keep the per-pair and per-account delays of issue 8.
 *
 * The cookie is `tomoni_device`, HttpOnly, SameSite=Strict, holding up to five entries (one per
 * account signed in on the browser): `<account, base64url>.<issued, ms>.<device id>.<HMAC>`. It
 * carries no secret of the account and signs nobody in; a copied cookie only lets its holder guess
 * at the pace of the per-device delay.
 */
export const DEVICE_COOKIE = 'tomoni_device';
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const MAX_ENTRIES = 5;

interface Entry {
  account: string;
  issued: number;
  device: string;
  raw: string;
}

export class DeviceCookies {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  private sign(account: string, issued: number, device: string): string {
    return createHmac('sha256', this.secret)
      .update(`device-cookie|${account}|${issued}|${device}`)
      .digest('base64url');
  }

  /** The valid, unexpired entries of a Cookie header, newest first. */
  private entries(cookieHeader: string | undefined): Entry[] {
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    if (!value) return [];
    const out: Entry[] = [];
    for (const raw of value.split('~').slice(0, MAX_ENTRIES * 2)) {
      const [a, i, device, mac] = raw.split('.');
      if (!a || !i || !device || !mac || !/^[0-9]{1,15}$/.test(i)) continue;
      const account = Buffer.from(a, 'base64url').toString('utf8');
      const issued = Number(i);
      if (this.now() - issued > DEVICE_COOKIE_MAX_AGE_S * 1000) continue;
      const expected = Buffer.from(this.sign(account, issued, device));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) continue;
      out.push({ account, issued, device, raw });
    }
    return out.sort((x, y) => y.issued - x.issued);
  }

  /** The device id of a valid cookie entry for `account` (case-insensitive), else null. */
  deviceFor(cookieHeader: string | undefined, account: string): string | null {
    const key = account.toLowerCase();
    return this.entries(cookieHeader).find((e) => e.account === key)?.device ?? null;
  }

  /**
   * The cookie value after a successful login to `account`: a fresh entry for it (the same device
   * id when the browser had one), the others kept, at most five.
   */
  valueAfterLogin(cookieHeader: string | undefined, account: string): string {
    const key = account.toLowerCase();
    const entries = this.entries(cookieHeader);
    const device =
      entries.find((e) => e.account === key)?.device ?? randomBytes(12).toString('base64url');
    const issued = this.now();
    const fresh = `${Buffer.from(key).toString('base64url')}.${issued}.${device}.${this.sign(key, issued, device)}`;
    const others = entries.filter((e) => e.account !== key).map((e) => e.raw);
    return [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
  }
}

/** One cookie's value from a Cookie header, or null. */
function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The Set-Cookie header for the device cookie. */
export function deviceSetCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
