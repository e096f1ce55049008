//! Benchmarks for rayscan; see benches/.
