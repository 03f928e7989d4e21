// The README's new project built on the Maven of this build with nothing but its own pom.xml: the schema was
// generated and compiled with the project's code, and the project's tests over the generated classes passed.
['Quote', 'QuoteBean', 'QuoteSdo', 'QuoteBatch', 'Side'].each { name ->
    assert new File(basedir, "target/classes/com/example/quotes/${name}.class").isFile() : "${name} not compiled"
}
assert new File(basedir, 'target/classes/com/example/quotes/App.class').isFile()
assert new File(basedir, 'target/quotes-1.0-SNAPSHOT.jar').isFile()
def log = new File(basedir, 'build.log').text
assert log =~ /Tests run: 4, Failures: 0, Errors: 0, Skipped: 0/ : 'the project\'s four tests did not all run and pass'
