import Glibc

/// Seconds on the monotonic clock, the one a script's time limit runs on (it never jumps
/// with the wall clock). Every deadline and duration in the package reads it: the standard
/// library's `ContinuousClock` lives in the concurrency runtime, which a static link would
/// then carry (with libdispatch) and start at every launch.
public func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
