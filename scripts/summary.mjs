// Prints the closing line CI reads, "N passed, N failed[, N skipped]", from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: the test run did not finish`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
// A file that failed outside its tests (a broken import, a failed beforeAll) counts as one failure.
const brokenFiles = report.testResults.filter(
  (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
).length;
const failed = report.numFailedTests + brokenFiles + (report.numRuntimeErrors ?? 0);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);
