// Runs OpenResume's parser (src/app/lib/parse-resume-from-pdf, unchanged) on each PDF named on
// the command line and prints {path: resume} as JSON. Bundled by benchmarks/openresume.py.
import { parseResumeFromPdf } from "lib/parse-resume-from-pdf";
import { pathToFileURL } from "url";

const print = console.log.bind(console);
// pdf.js warns on stdout (the canvas package it needs only for drawing): keep stdout JSON.
console.log = console.warn = (...args: unknown[]) =>
  process.stderr.write(args.join(" ") + "\n");

(async () => {
  const results: Record<string, unknown> = {};
  for (const file of process.argv.slice(2)) {
    try {
      results[file] = await parseResumeFromPdf(pathToFileURL(file).href);
    } catch (e) {
      results[file] = { error: String(e) };
    }
  }
  print(JSON.stringify(results));
})();
