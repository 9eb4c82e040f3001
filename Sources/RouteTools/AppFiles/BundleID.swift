/// An app's bundle identifier as `routec` accepts one (in an app id of `routec aasa`, and in
/// `routec examples --bundle-id`): ASCII letters, digits, `.` and `-`, not empty.
package enum BundleID {
  package static func isValid(_ text: some StringProtocol) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "." || $0 == "-"
      }
  }
}
