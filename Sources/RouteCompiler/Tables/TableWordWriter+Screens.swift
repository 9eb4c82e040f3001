import RouteTable

/// The screens section: each screen's name and parameters, with their types, defaults and
/// limits.
extension TableWordWriter {
  mutating func writeScreens(
    _ screens: [ResolvedManifest.Screen]
  ) throws(RouteTableEncoder.TableTooLarge) {
    let records = reserve(screens.count * Layout.Screen.width)
    set(.screenCount, screens.count)
    set(.screensAt, records)
    for (index, screen) in screens.enumerated() {
      var record = Record<Layout.Screen>()
      record.set(.name, string(screen.name))
      record[.paramCount] = screen.params.count
      let params = reserve(screen.params.count * Layout.Param.width)
      record[.paramsAt] = params
      put(record, at: records + index * Layout.Screen.width)
      for (paramIndex, param) in screen.params.enumerated() {
        guard (0...RouteTableEncoder.TableTooLarge.limit).contains(param.maxLength) else {
          throw .maxLength(screen: screen.name, param: param.name, value: param.maxLength)
        }
        var entry = Record<Layout.Param>()
        entry.set(.name, string(param.name))
        entry[.type] = Layout.typeCode(param.type)
        entry[.defaultAt] = RouteTableWords.none
        switch param.requirement {
        case .required: entry[.requirement] = Layout.Requirement.required.rawValue
        case .optional: entry[.requirement] = Layout.Requirement.optional.rawValue
        case .defaulted(let value):
          entry[.requirement] = Layout.Requirement.defaulted.rawValue
          entry[.defaultAt] = self.value(value)
        }
        entry[.maxLength] = param.maxLength
        entry.set(.prefix, string(param.prefix ?? ""))
        entry[.choicesAt] = RouteTableWords.none
        if let choices = param.choices {
          // Targets in manifest order: the first choice is the one examples use.
          entry[.choicesAt] = words.count
          writeLookupTable(choices.enumerated().map { ($1, $0) })
        }
        put(entry, at: params + paramIndex * Layout.Param.width)
      }
    }
  }
}
