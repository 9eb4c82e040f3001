// Shared by every harness: a violated invariant must stop the fuzzer with a message, because
// libFuzzer only keeps an input as a finding when the process dies on it.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Traps with `message` when `condition` is false. The message goes to standard error first so
/// the crash log says which invariant broke, not just where.
@inline(never)
func invariant(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !condition() else { return }
  let text = "INVARIANT VIOLATED at \(file):\(line): \(message())\n"
  _ = text.utf8CString.withUnsafeBufferPointer { buffer in
    write(2, buffer.baseAddress, buffer.count - 1)
  }
  abort()
}

/// The fuzz input as an array, so harness code never touches the raw pointer.
func inputBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
