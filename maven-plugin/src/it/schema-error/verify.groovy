// The unknown type failed the build, named by file (relative to the project), line and column, without a stack trace.
def log = new File(basedir, 'build.log').text
def expected = 'src/main/sdo/orders/order.sdo:5:12: error: '
def errorLine = log.readLines().find { it.startsWith('[ERROR] ' + expected) }
assert errorLine != null : "no '[ERROR] ${expected}' line in build.log"
assert errorLine.contains('Money')
assert log.contains('1 schema error; the first: ' + expected)
assert !log.contains('\tat ') : 'a stack trace for a schema error'
assert !new File(basedir, 'target/generated-sources/sdo').exists() : 'nothing may be generated from a broken schema'
assert !new File(basedir, 'target/sdo-maven-plugin/generate-default.state').exists()
// Plain Maven's build context only logs markers: each error is printed once, in the gcc form.
assert log.readLines().count { it.contains('order.sdo') && it.contains('Money') } == 2 // the error and the summary
