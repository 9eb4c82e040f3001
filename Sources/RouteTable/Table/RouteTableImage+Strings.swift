extension RouteTableImage {
  /// The string reference at word `index`, or nil for `none`.
  func string(at index: Int) -> String? {
    index == RouteTableWords.none ? nil : read { $0.string(at: index) }
  }
}
