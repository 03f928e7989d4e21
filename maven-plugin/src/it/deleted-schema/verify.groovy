// rates/rate.sdo was deleted between the builds: its generated files are gone, the user's Notes.java beside them
// is not, and the trade's files are untouched.
def out = new File(basedir, 'target/generated-sources/sdo')
def log = new File(basedir, 'build.log').text
def first = log =~ /Generated (\d+) changed Java sources \(0 unchanged, 0 stale deleted\) from 3 schemas/
def second = log =~ /Generated 0 changed Java sources \((\d+) unchanged, (\d+) stale deleted\) from 2 schemas/
assert first.find() && second.find() : 'the two summary lines are not in build.log'
assert second.group(1).toInteger() + second.group(2).toInteger() == first.group(1).toInteger()

assert new File(out, 'com/example/rates').list() as List == ['Notes.java'] : "the user's file must stay, alone"
assert new File(basedir, 'target/classes/com/example/rates').list() as List == ['Notes.class']
assert new File(out, 'com/example/common/Side.java').isFile()
assert new File(basedir, 'target/classes/com/example/trade/TradeSdo.class').isFile()
def state = new File(basedir, 'target/sdo-maven-plugin/generate-default.state').text
assert !state.contains('com/example/rates/') : 'the manifest still lists the rate files'
