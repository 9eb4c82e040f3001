import CompilerTestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// A typo in the app's files is reported where it is, with what it probably meant.
@Suite struct AppCheckTypoTests {
  /// `applink:` (the service misspelt) covers no host: the finding is at that string, with the
  /// entry to write; a correct entry for another host is no candidate.
  @Test func aMisspeltServiceIsReportedAtTheString() throws {
    let findings = try AppCheckTests.findings(
      "links:\n  hosts: [pod.example.com, shop.example.com]\n", infoPlist: "<dict/>",
      entitlements: """
        <plist><dict><key>com.apple.developer.associated-domains</key><array>
        <string>applinks:shop.example.com</string>
        <string>applink:pod.example.com</string>
        </array></dict></plist>
        """)
    #expect(
      findings == [
        "3:1 app-link-host-missing `com.apple.developer.associated-domains` has no `applinks:pod.example.com`, so links of `pod.example.com` open Safari, not the app; did you mean `applinks:pod.example.com` for `applink:pod.example.com`?"
      ])
  }

  /// A misspelt activity type is an error for the type the file lacks and a warning for the one
  /// it has; the warning names the type it probably meant.
  @Test func aMisspeltActivityTypeNamesTheTypeItMeant() throws {
    let findings = try AppCheckTests.findings(
      "activities:\n  com.example.order: home\n  com.example.search: home\n",
      infoPlist: """
        <dict><key>NSUserActivityTypes</key><array>
        <string>com.example.ordr</string>
        <string>com.example.search</string>
        <string>com.example.legacy</string>
        </array></dict>
        """)
    #expect(
      findings == [
        "1:7 app-activity-type-missing the activity type `com.example.order` is not in `NSUserActivityTypes`, so iOS does not continue it in the app; add it (`routec plist` writes the list)",
        "2:1 app-unrouted-activity-type the app declares the activity type `com.example.ordr`, which the manifest does not route; did you mean `com.example.order`, which it routes and `NSUserActivityTypes` lacks? Write `com.example.order` in its place",
        "4:1 app-unrouted-activity-type the app declares the activity type `com.example.legacy`, which the manifest does not route: iOS hands it to the app, and it opens nothing unless other code handles it; add it to `activities`, list it in `app_files.other_activity_types` when other code handles it, or remove it",
      ])
  }
}
