/**
 * Test files, by the rule shared/train/SOURCES.md uses to leave them out of `gold_files`:
 * tests?/testing/testdata/fixtures/e2e/__tests__ folders, test_*.py, *_test.go|py|rs,
 * *.test|spec.[jt]sx?, src/test/, *Test(s).java, conftest.py.
 */
const TEST_DIR = /(^|\/)(tests?|testing|testdata|fixtures|e2e|__tests__)(\/)/;
const TEST_NAME = /(^|\/)(test_[^/]*\.py|[^/]*_test\.(go|py|rs)|[^/]*\.(test|spec)\.[jt]sx?|[^/]*Tests?\.java|conftest\.py)$/;

/** True for a path the training target leaves out, as gold_files does. */
export function isTestFile(path: string): boolean {
  return TEST_DIR.test(path) || path.includes('src/test/') || TEST_NAME.test(path);
}
