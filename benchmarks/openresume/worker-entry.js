// In node, pdf.js runs its worker in the main thread ("fake worker") and loads it with
// require(workerSrc): hand it the worker file's path instead of a browser bundle URL.
module.exports = require.resolve("pdfjs-dist/build/pdf.worker.js");
