package dev.sdo.compiler.property;

/** The properties checked for every compiled schema, by name. */
enum Check {
    LAYOUTS_AND_BYTES("layouts and BYTES") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.layoutsAndSizes();
        }
    },
    JAVA_TYPES("Java types") {
        @Override
        void run(SchemaChecks checks) {
            checks.javaTypes();
        }
    },
    ROUND_TRIP("round trip") {
        @Override
        void run(SchemaChecks checks) {
            checks.roundTrip();
        }
    },
    EXACT_BYTES("exact bytes") {
        @Override
        void run(SchemaChecks checks) {
            checks.exactBytes();
        }
    },
    SIZES("sizes") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.sizes();
        }
    },
    BATCHES("batches and .sdob files") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.batches();
        }
    },
    GENERIC_RECORDS("generic records read what generated code wrote") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.genericRecords();
        }
    },
    PRIMITIVE_GETTERS("unscaled and epoch-day getters") {
        @Override
        void run(SchemaChecks checks) {
            checks.primitiveGetters();
        }
    },
    SERIALIZATION("serialization") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.serialization();
        }
    },
    EQUALITY("equals and hashCode") {
        @Override
        void run(SchemaChecks checks) {
            checks.equality();
        }
    },
    WRAP("wrap") {
        @Override
        void run(SchemaChecks checks) {
            checks.wrap(false);
        }
    },
    WRAP_READ_ONLY("wrap read-only buffers") {
        @Override
        void run(SchemaChecks checks) {
            checks.wrap(true);
        }
    },
    WRITE_TO("writeTo") {
        @Override
        void run(SchemaChecks checks) {
            checks.writeTo();
        }
    },
    CORRUPT_BYTES("reading bytes no encoder writes") {
        @Override
        void run(SchemaChecks checks) {
            checks.corruptBytes();
        }
    },
    CORRUPT_DATA("reading damaged variable-length data") {
        @Override
        void run(SchemaChecks checks) {
            checks.corruptData();
        }
    },
    REJECTION("rejection") {
        @Override
        void run(SchemaChecks checks) {
            checks.rejection();
        }
    },
    WRITER("writer against of") {
        @Override
        void run(SchemaChecks checks) {
            checks.writer();
        }
    },
    WRITER_REJECTION("writer rejection") {
        @Override
        void run(SchemaChecks checks) {
            checks.writerRejection();
        }
    },
    GENERIC_WRITER("generic writer against of, read back both ways") {
        @Override
        void run(SchemaChecks checks) throws Exception {
            checks.genericWriter();
        }
    },
    GENERIC_WRITER_REJECTION("generic writer rejection") {
        @Override
        void run(SchemaChecks checks) {
            checks.genericWriterRejection();
        }
    },
    QUERIES("query predicates against getters") {
        @Override
        void run(SchemaChecks checks) {
            checks.queries();
        }
    };

    final String title;

    Check(String title) {
        this.title = title;
    }

    abstract void run(SchemaChecks checks) throws Exception;
}
