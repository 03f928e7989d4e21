// After rates/rate.sdo gained a field, the second build rewrote the rate's files and no other.
import java.nio.file.Files

def out = new File(basedir, 'target/generated-sources/sdo')
def generated = []
out.eachFileRecurse(groovy.io.FileType.FILES) { generated << it }
def year2001 = 978307200000L // the first build dated every generated file in 2000
def rewritten = generated.findAll { Files.getLastModifiedTime(it.toPath()).toMillis() >= year2001 }
def kept = generated - rewritten
def ofTheRate = { it.parentFile.name == 'rates' }

assert rewritten.collect { it.name }.containsAll(['Rate.java', 'RateBean.java', 'RateSdo.java'])
assert rewritten.every(ofTheRate) : "rewritten: ${rewritten}"
assert kept.every { !ofTheRate(it) } : "not rewritten: ${kept}"
assert kept.collect { it.name }.containsAll(['Side.java', 'Trade.java', 'TradeBean.java', 'TradeSdo.java'])
assert new File(out, 'com/example/rates/RateSdo.java').text.contains('getFixedOn')

def log = new File(basedir, 'build.log').text
assert log.contains("Generated ${rewritten.size()} changed Java sources (${kept.size()} unchanged, 0 stale deleted) from 3 schemas")
assert new File(basedir, 'target/classes/com/example/rates/RateSdo.class').isFile()
