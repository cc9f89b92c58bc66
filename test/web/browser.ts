/**
 * A real browser for the web view's tests: Debian's chromium (or
 * KETE_CHROMIUM) driven by playwright-core, headless, one per test file
 * (`useBrowser` launches it before the file's tests and closes it after
 * them). Screenshots are test artefacts in test-artifacts/screenshots/, at a
 * desktop's and a phone's viewport.
 *
 * A missing chromium skips these tests here and fails the run in CI
 * (test/chromium-check.ts, vitest's global setup).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { chromiumAvailable, chromiumPath } from "./chromium.js";

export { chromiumAvailable };

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the screenshots go (ignored by git and Prettier). */
export const SCREENSHOTS = join(ROOT, "test-artifacts", "screenshots");

/** The two screens the page must work on. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  // A phone-sized screen (390x844 CSS pixels, as an iPhone 12-15), touch, mobile layout.
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Headless chromium; without a sandbox when the tests run as root (CI containers), where it refuses to start with one. */
export function launchChromium(): Promise<Browser> {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: root ? ["--no-sandbox"] : [],
    timeout: 60_000,
  });
}

/**
 * One browser for the calling test file: launched in beforeAll, closed in
 * afterAll. The returned function gives it to the tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    browser = null;
  });
  return () => {
    if (browser === null) throw new Error("the browser is not running (useBrowser's beforeAll)");
    return browser;
  };
}

/** A page in its own context at a named viewport; what it reports as errors is collected. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The page's Content-Security-Policy allows no eval; playwright's evaluations are the
  // test's, not the page's, so this context bypasses it (src/web/server.ts).
  const context = await browser.newContext({ ...VIEWPORTS[viewport], bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}`);
  });
  return { context, page, errors };
}

/** Saves a screenshot of the whole page as test-artifacts/screenshots/NAME.png; its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
