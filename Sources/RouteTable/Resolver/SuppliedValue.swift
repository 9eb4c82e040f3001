/// A parameter's value as a door supplies it, before coercion to the parameter's type.
enum SuppliedValue {
  case absent
  case value(PayloadValue)
  /// A string value as UTF-8 bytes that live as long as the resolution (a link's path or query
  /// value, read in place from the URL).
  case text(UnsafeBufferPointer<UInt8>)
  /// Present but unusable whatever the type (a repeated or empty query item of a link).
  case invalid
}
