import RouteCompiler
import RouteTable

/// `routec check-payloads`: payloads as servers send them, one JSON Lines line at a time, each
/// resolved in every variant as the app would, and counted by the worst status it gets.
///
/// What it keeps is bounded whatever the number of lines: a count per status, and per group
/// (push type and status) a count and the first `examplesPerGroup` lines. A line that cannot be
/// read as a payload is `malformed`, a finding like the others; it never stops the check.
package struct PayloadCheck {
  /// A line's outcome: `malformed`, or the resolution status it got. Ordered worst first, as
  /// lines are counted and groups listed: malformed, invalid_params, unknown_type, missing_type,
  /// unavailable, fallback, then matched and any other status (a push handled by an `app_action`
  /// route), by name.
  package enum Status: Hashable, Comparable, Sendable, CustomStringConvertible {
    case malformed
    case resolved(ResolutionStatus)

    package var name: String {
      switch self {
      case .malformed: "malformed"
      case .resolved(let status): status.rawValue
      }
    }

    package var description: String { name }

    /// 0 for the worst.
    var rank: Int {
      switch self {
      case .malformed: 0
      case .resolved(.invalidParams): 1
      case .resolved(.unknownType): 2
      case .resolved(.missingType): 3
      case .resolved(.unavailable): 4
      case .resolved(.fallback): 5
      case .resolved: 6
      }
    }

    /// Whether a line with this status fails the check: it would not open what the server
    /// meant. `strict` adds `unavailable` and `fallback`.
    package func fails(strict: Bool) -> Bool {
      rank <= (strict ? 5 : 3)
    }

    /// Whether the status is worth a line of the report: all but `matched` and its peers.
    package var isFinding: Bool { rank < 6 }

    package static func < (lhs: Status, rhs: Status) -> Bool {
      lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.name < rhs.name
    }
  }

  /// One line shown in the report.
  package struct Example: Hashable, Sendable {
    package var file: String
    package var line: Int
    /// 1 unless a malformed line names the byte where it goes wrong.
    package var column: Int
    package var message: String
  }

  /// Lines of one push type (nil: none could be read) with one status.
  package struct Group: Hashable, Sendable {
    package var type: String?
    package var status: Status
    /// The lines of every type beyond the first `maximumGroups` groups: `type` is nil.
    package var isOtherTypes = false
    package var count = 0
    package var examples: [Example] = []
  }

  private struct GroupKey: Hashable {
    var type: String?
    var status: Status
    var isOtherTypes = false
  }

  /// How many lines of each group the report shows.
  package static let examplesPerGroup = 5

  /// Groups kept by type; the lines of further types are counted together, per status, so a
  /// stream of a million made-up types cannot grow the check's memory.
  package static let maximumGroups = 1_000

  /// A type longer than this is grouped by its first this many characters.
  package static let maximumTypeLength = 200

  package let table: RouteTable
  package let manifest: ResolvedManifest
  /// Each line is an FCM HTTP v1 message, checked as what iOS receives from it.
  package let fcm: Bool

  /// Lines read, blank ones not counted.
  package private(set) var lines = 0
  /// Lines by status.
  package private(set) var statuses: [Status: Int] = [:]
  private var groupsByKey: [GroupKey: Group] = [:]
  private let messages: PayloadCheckMessages
  /// `table.variantNames.count`, which builds the names each time it is read.
  private let variantCount: Int

  package init(table: RouteTable, manifest: ResolvedManifest, fcm: Bool) {
    self.table = table
    self.manifest = manifest
    self.fcm = fcm
    messages = PayloadCheckMessages(manifest: manifest, table: table)
    variantCount = table.variantNames.count
  }

  /// The groups with a finding, worst status first, then the largest, then by type.
  package var groups: [Group] {
    groupsByKey.values.filter(\.status.isFinding).sorted {
      ($0.status, -$0.count, $0.type ?? "") < ($1.status, -$1.count, $1.type ?? "")
    }
  }

  /// Whether any line fails the check.
  package func fails(strict: Bool) -> Bool {
    statuses.keys.contains { $0.fails(strict: strict) }
  }

  /// Checks one line of `file`.
  package mutating func check(_ line: JSONLinesReader.Line, file: String, number: Int) {
    switch line {
    case .tooLong(let length):
      lines += 1
      if record(type: nil, status: .malformed) {
        addExample(
          type: nil, status: .malformed, file: file, line: number, column: 1,
          message:
            "not a payload: the line is \(length) bytes long, more than the \(JSONLinesReader.maximumLineLength) a payload line may have"
        )
      }
    case .text(let bytes):
      guard !Self.isBlank(bytes) else { return }
      lines += 1
      let payload: Payload
      do {
        payload = try read(bytes)
      } catch {
        if record(type: nil, status: .malformed) {
          addExample(
            type: nil, status: .malformed, file: file, line: number, column: error.offset + 1,
            message: "not a payload: " + error.reason)
        }
        return
      }
      resolve(payload, file: file, line: number)
    }
  }

  /// The payload a line holds: the JSON object itself, or what iOS receives from an FCM message.
  private func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PayloadJSONParser.Problem)
    -> Payload
  {
    let members = try PayloadJSONParser.object(bytes)
    guard fcm else { return Payload(members) }
    do {
      return try FCMMessage.receivedPayload(members)
    } catch {
      throw PayloadJSONParser.Problem(offset: 0, reason: error.description)
    }
  }

  /// Resolves `payload` in every variant and counts it by its worst status. Only a line the
  /// report shows is resolved again, in its worst variant, for the message: a million lines
  /// that open their routes cost a status each.
  private mutating func resolve(_ payload: Payload, file: String, line: Int) {
    var worst: (status: ResolutionStatus, type: String?, variant: Int)?
    var worstRank = Int.max
    for variant in 0..<variantCount {
      let resolution = table.resolve(payload, variant: variant)
      let rank = Status.resolved(resolution.status).rank
      if rank < worstRank {
        worst = (resolution.status, resolution.pushType, variant)
        worstRank = rank
      }
    }
    guard let worst else { return }
    let status = Status.resolved(worst.status)
    guard record(type: worst.type, status: status) else { return }
    let variants = (0..<variantCount).filter {
      $0 == worst.variant || Status.resolved(table.resolve(payload, variant: $0).status) == status
    }
    let resolution = table.resolve(payload, variant: worst.variant)
    addExample(
      type: worst.type, status: status, file: file, line: line, column: 1,
      message: messages.message(for: resolution, payload: payload, variants: variants))
  }

  /// Counts a line; true when its group shows it (one of the group's first lines).
  private mutating func record(type: String?, status: Status) -> Bool {
    statuses[status, default: 0] += 1
    guard status.isFinding else { return false }
    let key = groupKey(type: type, status: status)
    var group =
      groupsByKey.removeValue(forKey: key)
      ?? Group(type: key.type, status: status, isOtherTypes: key.isOtherTypes)
    group.count += 1
    let shows = group.examples.count < Self.examplesPerGroup
    groupsByKey[key] = group
    return shows
  }

  private mutating func addExample(
    type: String?, status: Status, file: String, line: Int, column: Int, message: String
  ) {
    groupsByKey[groupKey(type: type, status: status)]?.examples.append(
      Example(file: file, line: line, column: column, message: message))
  }

  /// The group a line of `type` and `status` counts in: its own, or, once there are
  /// `maximumGroups`, the other types' group of its status.
  private func groupKey(type: String?, status: Status) -> GroupKey {
    let key = GroupKey(
      type: type.map {
        $0.count > Self.maximumTypeLength ? String($0.prefix(Self.maximumTypeLength)) + "…" : $0
      },
      status: status)
    if groupsByKey[key] == nil, groupsByKey.count >= Self.maximumGroups {
      return GroupKey(type: nil, status: status, isOtherTypes: true)
    }
    return key
  }

  private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
