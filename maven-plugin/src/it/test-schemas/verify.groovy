// src/test/sdo went to the test sources and test classes only; src/main/sdo to the main ones; the test used both.
def testOut = new File(basedir, 'target/generated-test-sources/sdo/com/example/fixtures')
assert new File(testOut, 'FixtureSdo.java').isFile()
assert new File(basedir, 'target/test-classes/com/example/fixtures/FixtureSdo.class').isFile()
assert !new File(basedir, 'target/classes/com/example/fixtures').exists()
assert !new File(basedir, 'target/generated-sources/sdo/com/example/fixtures').exists()
assert new File(basedir, 'target/classes/com/example/trade/TradeSdo.class').isFile()
assert !new File(basedir, 'target/generated-test-sources/sdo/com/example/trade').exists()
assert new File(basedir, 'target/sdo-maven-plugin/generate-test-default.state').isFile()

def log = new File(basedir, 'build.log').text
assert log.contains('from 1 schema into target/generated-test-sources/sdo')
assert log =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0/
