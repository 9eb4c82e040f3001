extension RouteTable {
  /// Resolves a payload by the manifest language's resolution rules: push type from the type
  /// keys, route or alias lookup, `only`, per-variant overrides, typed and coerced parameters,
  /// fallback for a missing or unknown type only, and the foreground policy for `state`.
  ///
  /// `variant` is an index into `variantNames`; an index out of range uses the default variant.
  @usableFromInline
  package func resolve(
    _ payload: Payload, variant: Int, state: AppState = .background
  ) -> Resolution<ScreenInstance> {
    image.read { reader in
      var resolver = Resolver(
        image: image, reader: reader, baseOverrides: baseOverrides, state: state)
      return resolver.resolve(payload, variant: variant)
    }
  }
}

extension RouteTable {
  /// Resolves the tap of a notification's action button: the category is the payload's
  /// `aps.category`. An undeclared category or action is `unknownAction`; an action without a
  /// route is `appAction` (the app handles it; nothing opens); an action with a route resolves
  /// that route with the payload, its type keys not consulted, as `matched`, `invalidParams` or
  /// `unavailable`. A tap is the user's choice, so `action` is always `navigate`.
  @usableFromInline
  package func resolve(action: String, _ payload: Payload, variant: Int)
    -> Resolution<ScreenInstance>
  {
    image.read { reader in
      var resolver = Resolver(
        image: image, reader: reader, baseOverrides: baseOverrides, state: .background)
      var resolution = resolver.resolve(action: action, payload, variant: variant)
      resolution.notificationAction = action
      return resolution
    }
  }
}

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

/// What `TableReader.routeValues` reads of a route: its record, its effective route in the variant
/// (`none` where it does not exist), and its screen's parameter values or why they are invalid.
struct RouteValues {
  let record: Int
  let effective: Int
  var values: [ParamValue?] = []
  var errors: [ParameterError] = []
}

/// One resolution's reads over the table.
struct Resolver {
  typealias Layout = RouteTableLayout
  /// What a resolution's names point into.
  let image: RouteTableImage
  let reader: TableReader
  let baseOverrides: [String: String]
  let state: AppState

  mutating func resolve(_ payload: Payload, variant requested: Int) -> Resolution<ScreenInstance> {
    let variant = reader.variant(requested)
    let pushType = payload.pushType(typeKeyPaths: reader.typeKeyPaths())
    let fallback = reader.header(.fallbackRoute)
    guard let pushType else {
      guard fallback != RouteTableWords.none else {
        return Resolution(status: .missingType, names: names(variant))
      }
      return resolveRoute(
        fallback, status: .fallback, pushType: nil, variant,
        supply: { payload.supply($1, reader) })
    }
    guard
      let route = reader.lookup(
        pushType, count: reader.header(.pushTypeCount), at: reader.header(.pushTypesAt))
    else {
      guard fallback != RouteTableWords.none else {
        return Resolution(status: .unknownType, names: names(variant), pushType: pushType)
      }
      return resolveRoute(
        fallback, status: .fallback, pushType: pushType, variant,
        supply: { payload.supply($1, reader) })
    }
    return resolveRoute(
      route, status: .matched, pushType: pushType, variant,
      supply: { payload.supply($1, reader) })
  }

  mutating func resolve(action: String, _ payload: Payload, variant requested: Int)
    -> Resolution<ScreenInstance>
  {
    let variant = reader.variant(requested)
    let (category, found) = reader.actionTap(action, payload)
    guard let category, let found else {
      return Resolution(status: .unknownAction, names: names(variant), category: category)
    }
    guard let route = found.route else {
      return Resolution(status: .appAction, names: names(variant), category: category)
    }
    var resolution = resolveRoute(
      route, status: .matched, pushType: nil, variant,
      supply: { payload.supply($1, reader) })
    resolution.category = category
    return resolution
  }

  /// The names of a resolution in `variant`, and of the route whose record is at `route`.
  func names(_ variant: Int, route: Int = RouteTableWords.none) -> ResolutionNames {
    ResolutionNames(image: image, variant: reader.variantRecord(variant), route: route)
  }

  /// Resolves `route` in `variant`; `supply` gives the value of the screen parameter at an index
  /// whose source (`sourcesAt` record) is not a constant.
  func resolveRoute(
    _ route: Int, status: ResolutionStatus, pushType: String?, _ variant: Int,
    supply: (_ param: Int, _ source: Int) -> SuppliedValue
  ) -> Resolution<ScreenInstance> {
    resolution(
      of: reader.routeValues(route, variant, supply: supply), status: status, pushType: pushType,
      variant)
  }

  /// The second half of `resolveRoute`: the resolution of values `routeValues` read.
  func resolution(
    of found: RouteValues, status: ResolutionStatus, pushType: String?, _ variant: Int
  ) -> Resolution<ScreenInstance> {
    let named = names(variant, route: found.record)
    let effective = found.effective
    guard effective != RouteTableWords.none else {
      return Resolution(status: .unavailable, names: named, pushType: pushType)
    }
    guard found.errors.isEmpty else {
      return Resolution(
        status: .invalidParams, names: named, pushType: pushType, errors: found.errors)
    }
    typealias Effective = Layout.EffectiveRoute
    let screen = reader.word(effective, Effective.screen)
    let policy = reader.word(found.record, Layout.Route.foreground)
    let foreground =
      ForegroundPolicy.allCases.indices.contains(policy)
      ? ForegroundPolicy.allCases[policy] : .navigate
    return Resolution(
      status: status, names: named, pushType: pushType,
      destination: ScreenInstance(
        index: screen, values: found.values,
        names: .table(image, screenRecord: reader.screenRecord(screen))),
      tab: tab(reader.word(effective, Effective.tabIndex), variant: variant),
      url: url(at: reader.word(effective, Effective.urlAt), values: found.values),
      presentation: reader.word(effective, Effective.presentation) == 1 ? .modal : .push,
      foregroundPolicy: state == .foreground ? foreground : .navigate)
  }

  private func tab(_ index: Int, variant: Int) -> TabSelection? {
    guard index != RouteTableWords.none else { return nil }
    let tabs = reader.word(reader.variantRecord(variant), Layout.Variant.tabsAt)
    return TabSelection(
      index: index, names: .table(image, reader.record(index, of: Layout.Name.self, at: tabs)))
  }

  /// The route's URL, expanded from the template's records in the table: no `String` per part.
  private func url(at start: Int, values: [ParamValue?]) -> String? {
    guard start != RouteTableWords.none else { return nil }
    // No closure here captures `self`: one that did copied the whole resolver each time.
    let reader = reader
    let template = TableTemplate(reader: reader, start: start)
    var base: URLExpansion.BaseText?
    if let record = template.baseRecord { base = baseURL(record: record) }
    return URLExpansion.expand(
      template, base: { _ in base },
      value: { handle in
        let param = reader.word(handle)
        return values.indices.contains(param) ? values[param] : nil
      })
  }

  /// A base's URL, or its override.
  private func baseURL(record: Int) -> URLExpansion.BaseText {
    if !baseOverrides.isEmpty,
      let override = baseOverrides[
        String(decoding: reader.bytes(record, Layout.Base.name), as: UTF8.self)]
    {
      return .string(override)
    }
    return .bytes(reader.bytes(record, Layout.Base.url))
  }
}

extension TableReader {
  /// The first half of `Resolver.resolveRoute`: the values of `route`'s screen parameters in
  /// `variant`. A link reads them while its URL's bytes are at hand and makes the resolution
  /// after: returned through the closures that hold the bytes, the resolution was copied at
  /// each. A reader method, not a resolver's: a closure calling it captures only the reader,
  /// where a resolver's was copied with its table and base overrides.
  func routeValues(
    _ route: Int, _ variant: Int, supply: (_ param: Int, _ source: Int) -> SuppliedValue
  ) -> RouteValues {
    typealias Layout = RouteTableLayout
    typealias Param = Layout.Param
    let record = routeRecord(route)
    let effective = effectiveRoute(record: record, variant: variant)
    var found = RouteValues(record: record, effective: effective)
    guard effective != RouteTableWords.none else { return found }
    let screen = screenRecord(ofEffective: effective)
    let paramCount = count(screen, Layout.Screen.paramCount)
    let sourcesAt = word(effective, Layout.EffectiveRoute.sourcesAt)
    // One allocation for the usual screen; bounded, as a damaged table's count is not.
    found.values.reserveCapacity(min(paramCount, 16))
    for index in 0..<paramCount {
      let param = paramRecord(index, ofScreen: screen)
      guard let type = Layout.type(code: word(param, Param.type)) else {
        found.values.append(nil)  // a damaged table; the other values keep their positions
        continue
      }
      let source = self.record(index, of: Layout.Source.self, at: sourcesAt)
      if word(source, Layout.Source.kind) == Layout.SourceKind.constant.rawValue {
        found.values.append(constantValue(at: word(source, Layout.Source.valueAt)))
        continue
      }
      let coerced: ParamValue?
      switch supply(index, source) {
      case .value(let value):
        coerced = ParamValue.coerce(value, to: type, maxLength: word(param, Param.maxLength))
      case .text(let text):
        coerced = ParamValue.coerce(text: text, to: type, maxLength: word(param, Param.maxLength))
      case .invalid:
        found.errors.append(ParameterError(param: string(param, Param.name), reason: .invalid))
        continue
      case .absent:
        switch Layout.Requirement(rawValue: word(param, Param.requirement)) {
        case .defaulted?: found.values.append(constantValue(at: word(param, Param.defaultAt)))
        case .optional?: found.values.append(nil)
        case .required?, nil:
          found.errors.append(ParameterError(param: string(param, Param.name), reason: .missing))
        }
        continue
      }
      guard let value = coerced else {
        found.errors.append(ParameterError(param: string(param, Param.name), reason: .invalid))
        continue
      }
      found.values.append(value)
    }
    return found
  }

  /// A value record's value (a constant or a default), coerced from the table's bytes.
  private func constantValue(at record: Int) -> ParamValue? {
    typealias Value = RouteTableLayout.Value
    guard record != RouteTableWords.none,
      let type = RouteTableLayout.type(code: word(record, Value.type))
    else { return nil }
    return ParamValue.coerce(text: bytes(record, Value.text), to: type, maxLength: .max)
  }
}

/// A URL template record of the table (`RouteTableLayout.URLTemplate`), read in place. A
/// handle is a word index: the word is the screen parameter whose value a variable or query
/// name takes, and the two after it are the text of a literal or query name.
struct TableTemplate: ExpandableTemplate {
  typealias Layout = RouteTableLayout
  let reader: TableReader
  let start: Int

  typealias Part = Layout.URLPart

  var partCount: Int { reader.count(start, Layout.URLTemplate.partCount) }

  private func record(_ index: Int) -> Int {
    reader.record(index, of: Part.self, at: start + Layout.URLTemplate.parts.rawValue)
  }

  func kind(ofPart index: Int) -> URLExpansion.PartKind? {
    switch Layout.URLPartKind(rawValue: reader.word(record(index), Part.kind)) {
    case .literal?: .literal
    case .variable?: .variable
    case .base?: index == 0 ? .variable : nil
    case .question?: .question
    case .ampersand?: .ampersand
    case nil: nil
    }
  }

  /// The record of the base the template starts with (its name, then its URL), or nil.
  var baseRecord: Int? {
    guard partCount > 0, reader.word(record(0), Part.kind) == Layout.URLPartKind.base.rawValue
    else { return nil }
    let base = reader.word(record(0), Part.param)
    guard base < reader.header(.baseCount) else { return nil }
    return reader.record(base, of: Layout.Base.self, at: reader.header(.basesAt))
  }

  /// A part's handle: its `param` word, with its text after it.
  func text(ofPart index: Int) -> Int { record(index) + Part.param.rawValue }

  /// The encoder stores literals encoded (`PercentEncoding.encoded(_:keeping: .uriCharacters, keepingEscapes: true)`).
  var literalsAreEncoded: Bool { true }

  func nameCount(ofPart index: Int) -> Int { reader.count(record(index), Part.nameCount) }

  /// A query name's handle: its `URLQueryName` record, whose `param` word comes first.
  func name(_ position: Int, ofPart index: Int) -> Int {
    reader.record(
      position, of: Layout.URLQueryName.self, at: reader.word(record(index) + Part.namesAt))
  }

  /// A handle's text: the two words after its `param` word, in a part as in a query name.
  func withUTF8<Result>(_ text: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(reader.bytes(text, Layout.URLQueryName.text))
  }
}

extension Payload {
  /// A push's parameter value: the payload's value at the key path of the `sourcesAt` record
  /// `source`, read in place.
  fileprivate func supply(_ source: Int, _ reader: TableReader) -> SuppliedValue {
    let keyPath = reader.word(source, RouteTableLayout.Source.keyPathAt)
    return parameterValue(atPath: reader.keyPathSegments(at: keyPath)).map { .value($0) } ?? .absent
  }
}
