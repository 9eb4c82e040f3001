/// Strict percent-decoding for tests and fuzzers: the reference the encoders and the link
/// decoder are checked against, written apart from them on purpose. Not Foundation's
/// `removingPercentEncoding`, which drops a leading U+FEFF (seen while fuzzing on Linux; a URL
/// keeps it as `%EF%BB%BF`).
public enum PercentDecoding {
  /// Which hex digits an escape may use.
  public enum Digits: Sendable {
    /// `%2F` only, as the encoders write.
    case uppercase
    /// `%2F` or `%2f`, as URLs may be written.
    case eitherCase
  }

  /// The bytes `text` stands for; nil when a `%` does not start a `%XX` escape in `digits`, or,
  /// with `asciiOnly`, when `text` holds a byte outside ASCII (an encoder never writes one).
  public static func bytes<Text: Collection<UInt8>>(
    _ text: Text, digits: Digits = .eitherCase, asciiOnly: Bool = false
  ) -> [UInt8]? {
    func value(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      case UInt8(ascii: "a")...UInt8(ascii: "f") where digits == .eitherCase:
        byte - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var result: [UInt8] = []
    var rest = text[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        if asciiOnly && byte >= 0x80 { return nil }
        result.append(byte)
        continue
      }
      guard let high = rest.popFirst().flatMap(value), let low = rest.popFirst().flatMap(value)
      else { return nil }
      result.append(high << 4 | low)
    }
    return result
  }

  /// The text `text` stands for, when its bytes are UTF-8.
  public static func string<Text: Collection<UInt8>>(
    _ text: Text, digits: Digits = .eitherCase, asciiOnly: Bool = false
  ) -> String? {
    bytes(text, digits: digits, asciiOnly: asciiOnly).flatMap {
      String(validating: $0, as: UTF8.self)
    }
  }
}
