import RouteCompiler
import RouteTable

/// Whether changing a parameter's type keeps every payload that worked working, decided by
/// which payload values each type accepts under the runtime's coercion (`ParamValue.coerce`):
///
/// | type | accepts |
/// |---|---|
/// | `string` | strings; JSON numbers as their text (`42`, `2.5`, `1e+16`); each of at most `max_length` scalars. Not bools. |
/// | `int` | JSON integers; JSON numbers with an integral value in `Int`'s range (`3.0`); strings `-?[0-9]+` in range (`"007"` is 7, `"-0"` is 0). |
/// | `double` | every JSON integer (beyond 2^53 rounded to the nearest double); finite JSON numbers; decimal strings (`"2.5"`, `"007"`, `"-0"`, `"1e3"`) with a finite value. |
/// | `bool` | `true`, `false`, and the strings `"true"`, `"false"`, `"1"`, `"0"`. |
/// | `query` | objects of strings, numbers and booleans; nothing the other types accept. |
///
/// So `int` to `double` keeps every payload (each int payload is a decimal number of at most 20
/// digits), and `int` or `double` to `string` does when `max_length` fits the text of every
/// JSON number the old type accepts (23 scalars for int, 24 for double). The one exception left is a numeric *string* longer than `max_length` (only zero
/// padding or more digits than a double holds make one that long). Every other change drops
/// values: bools are not strings or numbers, `1` and `0` as numbers are not bools, `2.5` is not
/// an int, and `"abc"` is no number.
enum ParamTypeWidening {
  /// The longest text `ParamValue.coerce` makes, when a `string` reads it, of a JSON number that
  /// `type` accepts: `Double.description` with 17 significant digits and a sign, so 23 for an
  /// int (`-1.2345678901234567e+18`: ints stay below 2^63) and 24 for a double
  /// (`-2.2250738585072014e-308`). JSON integers print at most 20 (`-9223372036854775808`).
  static func longestNumberText(_ type: ParamType) -> Int? {
    switch type {
    case .int: 23
    case .double: 24
    case .string, .bool, .query: nil
    }
  }

  /// Whether a parameter of type `new` (limited to `maxLength` scalars when a string) accepts
  /// every payload value a parameter of type `old` accepts.
  static func accepts(_ new: ParamType, maxLength: Int, everyValueOf old: ParamType) -> Bool {
    switch (old, new) {
    case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.query, .query):
      true
    case (.int, .double): true
    case (.int, .string):
      maxLength >= (longestNumberText(old) ?? .max)
    // A double accepts integral numbers beyond 64 bits (`1e300`), which a string refuses:
    // their digits are lost.
    case (.double, .string): false
    default: false
    }
  }
}
