/**
 * Times the history import of ROWS generated GiveWP rows on the local e2e site
 * (bin/benchmark/import.php): the upload, the dry run, then each import batch's rows per second
 * and peak PHP memory (reset before each batch: a flat column means memory does not grow with
 * the import). Prints every batch and a summary; asserts nothing.
 *
 *   node bin/benchmark.mjs --import 100000
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { loadAverage } from "./figures.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Runs the measurement and prints it as it goes.
 *
 * @param {number} rows Rows to import.
 * @return {Promise<void>}
 */
export async function printImport(rows) {
  const php = spawn("php", [path.join(here, "import.php"), String(rows)], {
    env: { DONATION_WIDGET_SITE: "e2e", ...process.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const batches = [];
  console.log(`\nHistory import: ${rows} GiveWP rows`);
  for await (const line of readline.createInterface({ input: php.stdout })) {
    let figure;
    try {
      figure = JSON.parse(line);
    } catch {
      console.log(line);
      continue;
    }
    if (figure.phase === "upload") {
      console.log(
        `  upload (staging)   ${figure.seconds.toFixed(1)} s for ${mb(figure.bytes)}, peak ${mb(figure.peak_bytes)}`,
      );
    } else if (figure.phase === "dry_run") {
      console.log(
        `  dry run            ${figure.seconds.toFixed(1)} s in ${figure.batches} batches (${figure.ok} to create, ${figure.refused} refused)`,
      );
      console.log("  batch   rows   rows/s   peak memory");
    } else if (figure.phase === "import") {
      batches.push(figure);
      console.log(
        `  ${String(figure.batch).padStart(5)} ${String(figure.rows).padStart(6)} ${figure.rows_per_s.toFixed(0).padStart(8)}   ${mb(figure.peak_bytes)}`,
      );
    } else if (figure.phase === "total") {
      const rates = batches.map((b) => b.rows_per_s).sort((a, b) => a - b);
      const peaks = batches.map((b) => b.peak_bytes);
      const median = rates.length ? rates[Math.floor(rates.length / 2)] : 0;
      console.log(
        `  import             ${figure.seconds.toFixed(1)} s, ${figure.created} gifts created (${figure.stage}); ` +
          `rows/s median ${median.toFixed(0)}, slowest ${(rates[0] ?? 0).toFixed(0)}; ` +
          `peak memory first batch ${mb(peaks[0] ?? 0)}, last ${mb(peaks[peaks.length - 1] ?? 0)}, highest ${mb(Math.max(0, ...peaks))}`,
      );
    }
  }
  await new Promise((resolve) => php.on("close", resolve));
  console.log(`  load average ${loadAverage()}`);
}
