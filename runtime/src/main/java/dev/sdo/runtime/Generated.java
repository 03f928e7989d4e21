package dev.sdo.runtime;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type the schema compiler generated, so that coverage and static-analysis tools skip it: JaCoCo leaves out
 * classes annotated with an annotation whose simple name is {@code Generated} and whose retention is {@code CLASS}
 * or {@code RUNTIME}. It carries no date, so that the same schema always generates byte-identical sources.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Generated {
    /** The generator, {@code "sdoc"}. */
    String value();
}
