import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as request } from "@/app/api/auth/request-password-reset/route";
import { mailsTo } from "../../support/mail";
import { createUser, uniqueEmail } from "../../support/users";

// Without SITE_URLS or SITE_HOSTS, links outside production go to <site>.localhost on the configured
// PORT (see siteOrigin; SITE_URLS's precedence is tested in tests/api/site-url.test.ts). Read when the
// configuration is first read, by the first request below.
vi.stubEnv("PORT", "3999");
vi.stubEnv("SITE_URLS", "");
vi.stubEnv("SITE_HOSTS", "");
afterAll(() => vi.unstubAllEnvs());

/** A request whose Host and forwarding headers a client made up: a port, another host, another scheme. */
const forged = (body: unknown) =>
  new Request("http://kloakplanen.localhost:4444/api/x", {
    method: "POST",
    headers: {
      host: "kloakplanen.localhost:4444",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
      "x-forwarded-port": "4444",
      "x-site": "kloakplanen",
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
const noParams = { params: Promise.resolve({}) };

describe("links in e-mails", () => {
  it("come from the configured origin, whatever Host a password-reset request names", async () => {
    const user = await createUser();
    expect((await request(forged({ email: user.email }), noParams)).status).toBe(200);
    const [mail] = await mailsTo(user.email);
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/^http:\/\/kloakplanen\.localhost:3999\/reset-password\?token=[\w-]+$/);
    expect(mail!.html).not.toMatch(/4444|evil\.example/);
  });

  it("and so do the verification link and the existing-account notice of a registration", async () => {
    const email = uniqueEmail();
    const body = { name: "Anna", email, password: "hemmelig1" };
    expect((await register(forged(body), noParams)).status).toBe(201);
    expect((await register(forged(body), noParams)).status).toBe(201);
    // The two mails are sent in the background, in either order.
    const links = (await mailsTo(email)).flatMap((m) => m.links).sort();
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(/^http:\/\/kloakplanen\.localhost:3999\/encourage-verify-email\?token=/);
    expect(links[1]).toBe("http://kloakplanen.localhost:3999/login");
  });
});
