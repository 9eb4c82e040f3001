/// The static members the generated `Variant` and `Tab` have besides their cases (declared by
/// the generator or by the runtime's `RouteVariant` and `RouteTab`): a case of the same Swift
/// name would redeclare one, or make `Variant.allCases` ambiguous in the app. Validation
/// rejects such names; the tests compile a manifest that uses every other member name.
package enum GeneratedMembers {
  /// Swift name to what the member is, for the message.
  package static let variant: [String: String] = [
    "defaultVariant": "the variant a nil or unknown remote-config value picks",
    "remoteConfigKey": "the remote-config parameter's name",
    "remoteConfigDefault": "the remote-config parameter's in-app default",
    "allCases": "every variant, in order",
  ]

  package static let tab: [String: String] = [
    "allCases": "every tab, in order"
  ]

  package static let requirement: [String: String] = [
    "allCases": "every requirement, in order"
  ]
}
