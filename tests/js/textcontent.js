// Prints the getTextContent() items of every page of a PDF as JSON, as pdf.js
// (Firefox's viewer, and web ATS parsers such as OpenResume) reads them:
//   node textcontent.js FILE.pdf  ->  [[{str, x, y, width, height, font, eol}, ...], ...]
// (`font`: the font's own name, as OpenResume's read-pdf.ts takes it from commonObjs)
const fs = require("fs");
const path = require("path");

function load() {
  // pdf.js warns on stdout about the canvas package it needs only for drawing
  console.log = console.warn = (...args) => process.stderr.write(args.join(" ") + "\n");
  const roots = [process.env.PDFJS_DIR, __dirname].filter(Boolean);
  for (const root of roots) {
    try {
      return require(path.join(root, "node_modules", "pdfjs-dist", "legacy", "build", "pdf.js"));
    } catch (e) {}
  }
  return require("pdfjs-dist/legacy/build/pdf.js");
}

async function main() {
  const pdfjs = load();
  const data = new Uint8Array(fs.readFileSync(process.argv[2]));
  const doc = await pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    await page.getOperatorList(); // the fonts' own names ("ABCDEF+SourceSans3-Bold"), as parsers read them
    const named = (id) => {
      try {
        return page.commonObjs.get(id).name;
      } catch (e) {
        return id;
      }
    };
    pages.push(
      content.items.map((item) => ({
        str: item.str,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        height: item.height,
        font: named(item.fontName),
        eol: item.hasEOL,
      }))
    );
  }
  process.stdout.write(JSON.stringify(pages));
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e) + "\n");
  process.exit(1);
});
