// A clean build generated the classes, compiled them and ran a test that uses them.
def out = new File(basedir, 'target/generated-sources/sdo')
['Trade', 'TradeBean', 'TradeSdo', 'Side'].each { name ->
    assert new File(out, "com/example/trade/${name}.java").isFile() : "${name}.java not generated"
    assert new File(basedir, "target/classes/com/example/trade/${name}.class").isFile() : "${name} not compiled"
}
def generated = []
out.eachFileRecurse(groovy.io.FileType.FILES) { generated << it }

def log = new File(basedir, 'build.log').text
def summary = log =~ /Generated (\d+) changed Java sources \(0 unchanged, 0 stale deleted\) from 1 schema into target\/generated-sources\/sdo/
assert summary.find() : 'no summary line in build.log'
assert summary.group(1).toInteger() == generated.size()
assert log =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/
assert new File(basedir, 'target/sdo-maven-plugin/generate-default.state').isFile()
// The help goal lists the goals.
assert log.contains('sdo:generate') && log.contains('sdo:generate-test') && log.contains('sdo:help')
