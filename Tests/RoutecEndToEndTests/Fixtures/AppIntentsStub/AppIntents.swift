// A stand-in for Apple's AppIntents, declaring only what `routec generate` writes for a
// manifest's `intents`, with the same names and shapes as the iOS SDK's interface (requirements,
// their types and defaults, property wrappers, result builder). GeneratedIntentsTests compiles
// the generated intents against it on Linux and runs them: what a run hands its `IntentDoor`,
// and the titles, choices and phrases the system would read, are then checked against the
// manifest and `routec resolve`. The iOS type-check (scripts/check-apple.sh) checks the real API.

/// Text the system shows; only its key is kept.
public struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable, Equatable {
  public let key: String
  public init(stringLiteral value: String) { key = value }
}

public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
  public let text: String
  public init(_ text: String) { self.text = text }
  public init(stringLiteral value: String) { text = value }
}

public struct TypeDisplayRepresentation: ExpressibleByStringLiteral, Sendable {
  public let name: String
  public init(stringLiteral value: String) { name = value }
}

public struct DisplayRepresentation: ExpressibleByStringLiteral, Sendable, Equatable {
  public let title: String
  public init(stringLiteral value: String) { title = value }
}

public protocol IntentResult: Sendable {}

public struct IntentResultContainer: IntentResult {}

extension IntentResult where Self == IntentResultContainer {
  public static func result() -> Self { IntentResultContainer() }
}

public protocol AppIntent: Sendable {
  associatedtype PerformResult: IntentResult
  static var title: LocalizedStringResource { get }
  static var description: IntentDescription? { get }
  static var openAppWhenRun: Bool { get }
  init()
  func perform() async throws -> PerformResult
}

extension AppIntent {
  public static var description: IntentDescription? { nil }
  public static var openAppWhenRun: Bool { false }
  public typealias Parameter = IntentParameter
  public typealias Dependency = AppDependency
}

/// A value the user gives; the stub keeps the title and the value, which tests set.
@propertyWrapper public final class IntentParameter<Value: Sendable>: @unchecked Sendable {
  public let title: LocalizedStringResource
  public let description: LocalizedStringResource?
  private var value: Value?

  public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
    self.title = title
    self.description = description
  }

  public var wrappedValue: Value {
    get {
      if let value { return value }
      guard let none = (Value.self as? any OptionalValue.Type)?.none as? Value else {
        preconditionFailure("the parameter \(title.key) has no value")
      }
      return none
    }
    set { value = newValue }
  }

  public var projectedValue: IntentParameter<Value> { self }
}

/// An optional parameter is nil until the user gives a value.
private protocol OptionalValue {
  static var none: Self { get }
}

extension Optional: OptionalValue {}

/// What the app registers; `AppDependency` reads it by type.
public final class AppDependencyManager: @unchecked Sendable {
  public static let shared = AppDependencyManager()
  private var providers: [ObjectIdentifier: () -> Any] = [:]

  public func add<Dependency: Sendable>(
    key: AnyHashable? = nil, dependency provider: @autoclosure @escaping () -> Dependency
  ) {
    providers[ObjectIdentifier(Dependency.self)] = provider
  }

  func value<Value>(of type: Value.Type) -> Value? {
    providers[ObjectIdentifier(type)]?() as? Value
  }
}

@propertyWrapper public final class AppDependency<Value: Sendable>: @unchecked Sendable {
  public init() {}

  public var wrappedValue: Value {
    guard let value = AppDependencyManager.shared.value(of: Value.self) else {
      preconditionFailure("no dependency of type \(Value.self) was added")
    }
    return value
  }
}

public protocol AppEnum: RawRepresentable, Hashable, Sendable
where RawValue: LosslessStringConvertible {
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

public enum AppShortcutPhraseToken: Sendable {
  case applicationName
}

/// A phrase, written back with `${app}` and `${property}` where the app's name and a
/// parameter go, so tests can compare it with the manifest's.
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
  public let text: String

  public init(stringLiteral value: String) { text = value }
  public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

  public struct StringInterpolation: StringInterpolationProtocol {
    var text = ""
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { text += literal }
    public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { text += "${app}" }
    public mutating func appendInterpolation<Value>(
      _ parameter: KeyPath<Intent, IntentParameter<Value>>
    ) {
      text += "${\(Intent().self[keyPath: parameter].title.key)}"
    }
  }
}

public struct AppShortcut: Sendable {
  public let intentTitle: String
  public let phrases: [String]
  public let shortTitle: LocalizedStringResource
  public let systemImageName: String

  public init<Intent: AppIntent>(
    intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource,
    systemImageName: String
  ) {
    intentTitle = Intent.title.key
    self.phrases = phrases.map(\.text)
    self.shortTitle = shortTitle
    self.systemImageName = systemImageName
  }
}

@resultBuilder public enum AppShortcutsBuilder {
  public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
  public static func buildBlock(_ shortcuts: [AppShortcut]...) -> [AppShortcut] {
    shortcuts.flatMap { $0 }
  }
}

public protocol AppShortcutsProvider {
  @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}
