/// Why a parameter made a resolution `invalid_params`.
public struct ParameterError: Hashable, Sendable {
  public enum Reason: String, Hashable, Sendable {
    case missing, invalid
  }

  public var param: String
  public var reason: Reason

  public init(param: String, reason: Reason) {
    self.param = param
    self.reason = reason
  }
}
