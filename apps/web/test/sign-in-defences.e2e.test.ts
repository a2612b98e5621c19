/**
 * Sign-in defences through the lobby (docs/accounts.md, Sign-in defences): the address the game
 * API counts is the one `next start` saw, not one a browser wrote in X-Forwarded-For; a wait's
 * Retry-After reaches the browser through the accounts relay; the form says why, in the
 * player's language.
 */
import { request } from "node:http";

import { hydrated } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { platformForFile, watchProblems } from "./platform";

const platform = platformForFile();

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { code?: string };
}

/**
 * POST /api/auth/<path> on the lobby from the local address `from` (another address of the
 * loopback network, so the app sees a caller that is not this machine's relay), as the app's
 * own page would send it.
 */
function postFrom(
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(`/api/auth/${path}`, platform().app.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", origin: url.origin, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const body = JSON.parse(text || "{}") as Answer["body"];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
            body,
          });
        });
      },
    );
    sent.on("error", reject);
    sent.end(JSON.stringify(body));
  });
}

const errorOf = async (page: Page): Promise<string | null> => {
  await page.getByTestId("auth-error").filter({ hasText: /./ }).waitFor();
  return page.getByTestId("auth-error").textContent();
};

describe("sign-in defences through the lobby", () => {
  it("counts the caller Next saw, whatever X-Forwarded-For it sent; the 21st wrong password from it waits, with Retry-After", async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const wrong = await postFrom(
        "127.0.0.2",
        "sign-in/email",
        { email: `stuffing-${attempt}@example.test`, password: "Summer2024!!" },
        // A different address each time: believed, 20 guesses would never add up.
        { "x-forwarded-for": `198.51.100.${attempt}` },
      );
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const next = await postFrom(
      "127.0.0.2",
      "sign-in/email",
      { email: "stuffing-21@example.test", password: "Summer2024!!" },
      { "x-forwarded-for": "198.51.100.21" },
    );
    expect(next.status).toBe(429);
    expect(next.body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(Number(next.retryAfter)).toBeGreaterThan(0);
    // Another caller is not held up, even naming the waiting one.
    const other = await postFrom(
      "127.0.0.3",
      "sign-in/email",
      { email: "stuffing-22@example.test", password: "Summer2024!!" },
      { "x-forwarded-for": "127.0.0.2" },
    );
    expect(other.status).toBe(401);
  });

  it("the sign-up form refuses a common password in Japanese; a locked account's wait is told in Thai", async () => {
    const japanese = await platform().browser.newContext({ locale: "ja-JP" });
    const page = await japanese.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${platform().app.url}/sign-in`);
    await hydrated(page);
    await page.getByRole("button", { name: "はじめての方はアカウントを作成" }).click();
    await page.getByLabel("名前").fill("Yui");
    await page.getByLabel("メールアドレス").fill("yui@example.test");
    await page.getByLabel("パスワード").fill("password123");
    await page.getByRole("button", { name: "アカウント作成" }).click();
    expect(await errorOf(page)).toBe(
      "よく使われるパスワード（またはメールアドレス）は使えません。別のパスワードにしてください。",
    );
    await japanese.close();

    const signedUp = await postFrom("127.0.0.4", "sign-up/email", {
      email: "niran@example.test",
      password: "violet tram nineteen",
      name: "Niran",
    });
    expect(signedUp.status).toBe(200);
    const thai = await platform().browser.newContext({ locale: "th-TH" });
    const problems = watchProblems(thai);
    const thaiPage = await thai.newPage();
    thaiPage.setDefaultTimeout(20_000);
    await thaiPage.goto(`${platform().app.url}/sign-in`);
    await hydrated(thaiPage);
    await thaiPage.getByLabel("อีเมล").fill("niran@example.test");
    const attempt = async (password: string): Promise<number> => {
      await thaiPage.getByLabel("รหัสผ่าน").fill(password);
      const answered = thaiPage.waitForResponse((response) =>
        response.url().endsWith("/api/auth/sign-in/email"),
      );
      await thaiPage.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
      return (await answered).status();
    };
    for (let wrong = 1; wrong <= 5; wrong++) {
      expect(await attempt(`not it ${wrong} at all`), `attempt ${wrong}`).toBe(401);
    }
    expect(await errorOf(thaiPage)).toBe("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
    expect(await attempt("violet tram nineteen")).toBe(429);
    await thaiPage.getByTestId("auth-error").filter({ hasText: "ลองหลายครั้ง" }).waitFor();
    expect(await thaiPage.getByTestId("auth-error").textContent()).toMatch(
      /^ลองหลายครั้งเกินไป โปรดลองอีกครั้งใน (29|30) วินาที$/,
    );
    // The refusals are the accounts endpoint's expected 401s and 429, nothing else failed.
    expect(problems.filter((problem) => !problem.includes("sign-in/email"))).toEqual([]);
    await thai.close();
  });
});
