//! Shared helpers of the criterion benchmarks (inputs are generated, never downloaded).
