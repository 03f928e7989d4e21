// The second build found everything up to date and rewrote no generated file, yet still compiled them.
import java.nio.file.Files

def out = new File(basedir, 'target/generated-sources/sdo')
def generated = []
out.eachFileRecurse(groovy.io.FileType.FILES) { generated << it }
assert generated.size() >= 4 : "generated: ${generated}"
def year2001 = 978307200000L // the first build dated every generated file in 2000
def rewritten = generated.findAll { Files.getLastModifiedTime(it.toPath()).toMillis() >= year2001 }
assert rewritten.isEmpty() : "rewritten by the second build: ${rewritten}"

def log = new File(basedir, 'build.log').text
assert log.contains("Generated ${generated.size()} changed Java sources (0 unchanged, 0 stale deleted) from 2 schemas")
assert log.contains('SDO sources in target/generated-sources/sdo are up to date (2 schemas)')
assert new File(basedir, 'target/classes/com/example/trade/TradeSdo.class').isFile()
assert new File(basedir, 'target/classes/com/example/common/Side.class').isFile()
