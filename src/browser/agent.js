globalThis.__glassAgent = globalThis.__glassAgent || {};
