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

extension RouteTable {
  /// Resolves a Home Screen quick action (`door: .shortcut`), a user activity (`.activity`) or an
  /// App Intent (`.intent`, `type` its key) of type `type`, its parameters read from `userInfo`
  /// as from a push payload. A type the manifest does not declare is `unknownShortcut`,
  /// `unknownActivity` or `unknownIntent`; a declared one resolves
  /// its route as `matched`, `invalidParams` or `unavailable`. The user chose it, so `action` is
  /// always `navigate`.
  @usableFromInline
  package func resolve(
    _ door: DoorKind, type: String, _ userInfo: Payload, variant: Int
  ) -> Resolution<ScreenInstance> {
    image.read { reader in
      var resolver = Resolver(
        image: image, reader: reader, baseOverrides: baseOverrides, state: .background)
      var resolution = resolver.resolve(door: door, type: type, userInfo, variant: variant)
      switch door {
      case .shortcut: resolution.shortcut = type
      case .activity: resolution.activity = type
      case .intent: resolution.intent = type
      }
      return resolution
    }
  }
}

extension RouteTable {
  /// Whether the manifest declares `type` among its quick actions (`.shortcut`), activity types
  /// (`.activity`) or intents (`.intent`): what a router's door answers the system with.
  package func declares(_ door: DoorKind, type: String) -> Bool {
    image.read { reader in
      reader.lookup(type, count: reader.header(door.countField), at: reader.header(door.atField))
        != nil
    }
  }
}
