// trade/trade.sdo imports common/side.sdo and common/money/currency.sdo (which imports ../side.sdo): the
// imported files are generated and compiled although common/** is excluded; common/unused.sdo is not.
['com/example/trade/TradeSdo', 'com/example/common/Side', 'com/example/money/Currency',
 'com/example/money/PositionSdo'].each { name ->
    assert new File(basedir, "target/generated-sources/sdo/${name}.java").isFile() : "${name}.java not generated"
    assert new File(basedir, "target/classes/${name}.class").isFile() : "${name} not compiled"
}
assert !new File(basedir, 'target/generated-sources/sdo/com/example/unused').exists()

def state = new File(basedir, 'target/sdo-maven-plugin/generate-default.state').readLines()
def inputs = state.findAll { it.startsWith('input ') }.collect { it.substring(6).replace('\\', '/') }
assert inputs.size() == 3 : "inputs: ${inputs}"
['src/main/sdo/trade/trade.sdo', 'src/main/sdo/common/side.sdo', 'src/main/sdo/common/money/currency.sdo'].each { f ->
    assert inputs.any { it.endsWith(f) } : "${f} is not recorded as an input"
}
def log = new File(basedir, 'build.log').text
assert log.contains('from 1 schema into target/generated-sources/sdo')
