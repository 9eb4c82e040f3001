import TestSupport

/// Writes random manifests with links: web hosts, custom schemes or both; no variants or two,
/// with routes limited by `only` and routes whose screen changes in `v2` (to a twin screen with
/// the same parameter names and other types); screens with required, optional and defaulted
/// parameters of every type and small `max_length`s; route constants; and for each route one to
/// three patterns binding every required parameter in the path, in the query or as a `{name*}`
/// rest, among literals chosen to collide with example values (`1`, `true`, `x`, `example`),
/// and `query` parameters that a `{more*}` last query item passes the other items to.
/// Many are rejected for ties, which the tests skip.
struct LinkManifestGenerator {
  var random: SplitMix64
  private var text = ""

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  struct Param {
    var name: String
    var type: String
    /// `required`, `optional` or `default`.
    var requirement: String
    var maxLength: Int?
  }

  static let paramNames = ["id", "name", "n", "flag", "ratio", "slug"]
  static let literals = [
    "a", "b", "x", "example", "true", "1", "-7", "caf%C3%A9", "a%2Fb", "~u", "+", "it's",
  ]

  private mutating func line(_ indent: Int, _ content: String) {
    text += String(repeating: "  ", count: indent) + content + "\n"
  }

  mutating func make() -> String {
    text = "manifest: 1\n"
    line(0, "links:")
    switch Int.random(in: 0..<3, using: &random) {
    case 0: line(1, "hosts: [a.example, www.a.example]")
    case 1: line(1, "schemes: [app, app-beta]")
    default:
      line(1, "hosts: [a.example]")
      line(1, "schemes: [app]")
    }
    let hasVariants = random.chance(60)
    if hasVariants {
      line(0, "remote_config: { variant_key: ui, default_variant: \(random.pick(["v1", "v2"])) }")
      line(0, "variants:")
      line(1, "v1: { values: [\"1\"], tabs: [home] }")
      line(1, "v2: { values: [\"2\"], tabs: [home] }")
    }

    var screens: [[Param]] = []
    line(0, "screens:")
    for index in 0..<Int.random(in: 1...3, using: &random) {
      var params: [Param] = []
      for name in random.sample(Self.paramNames, Int.random(in: 0...3, using: &random)) {
        let type = random.pick(["string", "int", "bool", "double"])
        let requirement = random.pick(["required", "required", "optional", "default"])
        let maxLength = type == "string" && random.chance(50) ? random.pick([1, 3, 12]) : nil
        params.append(Param(name: name, type: type, requirement: requirement, maxLength: maxLength))
      }
      if random.chance(25) {
        let requirement = random.pick(["required", "optional", "default"])
        params.append(Param(name: "more", type: "query", requirement: requirement))
      }
      screens.append(params)
      writeScreen("S\(index)", params)
      // The twin a route can switch to in `v2`: ints and doubles trade types.
      let twin = params.map { param in
        var changed = param
        changed.type = ["int": "double", "double": "int"][param.type] ?? param.type
        return changed
      }
      writeScreen("S\(index)b", twin)
    }

    line(0, "routes:")
    for index in 0..<Int.random(in: 1...5, using: &random) {
      let screen = Int.random(in: 0..<screens.count, using: &random)
      let params = screens[screen]
      line(1, "r\(index):")
      line(2, "screen: S\(screen)")
      var only: [String] = []
      if hasVariants, random.chance(30) { only = [random.pick(["v1", "v2"])] }
      if !only.isEmpty { line(2, "only: [\(only[0])]") }
      let overridden = hasVariants && only != ["v1"] && random.chance(30)
      if overridden {
        line(2, "variants:")
        line(3, "v2: { screen: S\(screen)b }")
      }
      var constants: Set<String> = []
      if !overridden,
        let param = params.filter({ $0.requirement == "required" && $0.type != "query" }).first,
        random.chance(25)
      {
        constants.insert(param.name)
        line(2, "params:")
        line(3, "\(param.name): { value: \(Self.constant(param.type)) }")
      }
      var patterns: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let pattern = makePattern(params, constants: constants)
        if !patterns.contains(pattern) { patterns.append(pattern) }
      }
      line(2, "links: [\(patterns.map { "\"\($0)\"" }.joined(separator: ", "))]")
    }
    return text
  }

  private mutating func writeScreen(_ name: String, _ params: [Param]) {
    guard !params.isEmpty else {
      line(1, "\(name): {}")
      return
    }
    line(1, "\(name):")
    line(2, "params:")
    for param in params {
      var fields = ["type: \(param.type)"]
      if param.requirement == "optional" { fields.append("optional: true") }
      if param.requirement == "default" { fields.append("default: \(Self.defaultValue(param))") }
      if let maxLength = param.maxLength { fields.append("max_length: \(maxLength)") }
      line(3, "\(param.name): { \(fields.joined(separator: ", ")) }")
    }
  }

  /// Valid for the type and for its twin's (an int default is a valid double).
  static func defaultValue(_ param: Param) -> String {
    switch param.type {
    case "int", "double": "3"
    case "bool": "true"
    case "query": "{}"
    default: param.maxLength == 1 ? "r" : "rd"
    }
  }

  static func constant(_ type: String) -> String {
    switch type {
    case "int": "5"
    case "double": "2.5"
    case "bool": "false"
    default: "k"
    }
  }

  /// A pattern binding every required parameter that is not a constant, and some others.
  private mutating func makePattern(_ params: [Param], constants: Set<String>) -> String {
    var bound = params.filter { param in
      !constants.contains(param.name) && (param.requirement == "required" || random.chance(50))
    }
    // A `query` parameter is bound by `{name*}`, the last query item, and by nothing else.
    let passThrough = bound.first { $0.type == "query" }
    bound.removeAll { $0.type == "query" }
    var rest: String?
    // Strings stay strings in the twin screen, so a rest may bind one; but not one of
    // `max_length: 1`, which holds a single segment, where a `{name}` at the same place would
    // win for every URL, so no URL could open the pattern.
    if let index = bound.firstIndex(where: { $0.type == "string" && $0.maxLength != 1 }),
      random.chance(30)
    {
      rest = bound.remove(at: index).name
    }
    var segments: [String] = []
    var query: [String] = []
    for param in bound {
      if random.chance(60) {
        segments.append("{\(param.name)}")
      } else {
        query.append("\(param.name)={\(param.name)}")
      }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      segments.insert(
        random.pick(Self.literals), at: Int.random(in: 0...segments.count, using: &random))
    }
    if let rest { segments.append("{\(rest)*}") }
    if random.chance(30) { query.append("k=\(random.pick(["1", "2"]))") }
    if random.chance(20) { query.append("m=x") }
    query.shuffle(using: &random)
    if let passThrough { query.append("{\(passThrough.name)*}") }
    return "/" + segments.joined(separator: "/")
      + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }
}
