// Drives the web console of `serve --console` in headless Chromium (puppeteer-core, the browser named by $CHROMIUM or
// /usr/bin/chromium) as a user would: opens the printed address (token in the query), uploads a scenario that does not
// validate (its message shows), a valid scenario whose plugin type is absent (its sensor shows as waiting), a jar that
// is not a bundle (refused), the plugin bundle (the sensor becomes running), takes a screenshot, and stops the
// simulation from its button. Prints key=value lines; exits 1 on a timeout.
// Usage: node console-browser.mjs URL BAD_SCENARIO SCENARIO NOT_A_BUNDLE BUNDLE SCREENSHOT SENSOR
import puppeteer from "puppeteer-core";

const [url, bad, scenario, notBundle, bundle, screenshot, sensor] = process.argv.slice(2);
const out = (k, v) => console.log(`${k}=${String(v).replace(/\n/g, " ")}`);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const timer = setTimeout(async () => { out("error", "timeout"); await browser.close(); process.exit(1); }, 120_000);
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  let first = await page.goto(url, { waitUntil: "networkidle0" });
  // the service prints the console's address as the Web Console starts; its page may register a moment later
  for (let tries = 0; first.status() === 404 && tries < 50; tries++) {
    await new Promise((r) => setTimeout(r, 200));
    first = await page.reload({ waitUntil: "networkidle0" });
  }
  out("landed", page.url());
  out("status", first.status());
  out("cookie", (await page.cookies()).map((c) => `${c.name}:${c.httpOnly}:${c.sameSite}`).join(","));
  out("title", await page.title());

  const message = async (previous) => {
    await page.waitForFunction((p) => { const m = document.getElementById("message"); return m && m.textContent && m.textContent !== p; },
      { timeout: 60_000 }, previous);
    return page.$eval("#message", (m) => m.textContent);
  };
  const upload = async (input, button, file) => {
    const previous = await page.$eval("#message", (m) => m.textContent);
    await (await page.$(input)).uploadFile(file);
    await page.click(button);
    return message(previous);
  };
  const state = (id) => page.$eval(`tr.member[data-id="${id}"] td:last-child`, (td) => td.textContent).catch(() => "");
  const awaitState = async (id, wanted) => {
    await page.waitForFunction((i, w) => {
      const td = document.querySelector(`tr.member[data-id="${i}"] td:last-child`);
      return td && td.textContent.startsWith(w);
    }, { timeout: 60_000 }, id, wanted);
    return state(id);
  };

  out("bad", await upload("#scenario-file", "#scenario-send", bad));
  out("started", await upload("#scenario-file", "#scenario-send", scenario));
  out("before", await awaitState(sensor, "waiting"));
  out("notbundle", await upload("#bundle-file", "#bundle-send", notBundle));
  out("installed", await upload("#bundle-file", "#bundle-send", bundle));
  out("after", await awaitState(sensor, "running"));
  await page.waitForFunction(() => Number((document.querySelector("td.time") || {}).textContent?.split(" ")[0]) > 1,
    { timeout: 60_000 });
  await page.screenshot({ path: screenshot, fullPage: true });
  out("screenshot", screenshot);
  const previous = await page.$eval("#message", (m) => m.textContent);
  await page.click("button.stop");
  out("stopped", await message(previous));
  await page.waitForFunction(() => !document.querySelector("button.stop"), { timeout: 60_000 });
  out("after-stop", await page.$eval("#sims", (s) => s.textContent));
} catch (e) {
  out("error", e.message);
  process.exitCode = 1;
} finally {
  clearTimeout(timer);
  await browser.close();
}
