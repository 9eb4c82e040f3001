import CompilerTestSupport
import Testing

@testable import RouteCompiler
@testable import RouteTools

/// Hostile xcconfig files: settings that double or fan out, a megabyte chain, files that include
/// each other many times, settings that refer to each other. Each ends in its exact result or
/// located problem; time and memory are measured in Benchmarks/Scripts/hostile_app_files.py.
@Suite struct BuildSettingExpansionTests {
  /// The problem, or the expansion of `text`, with the xcconfig files `files` (the first is
  /// the one given) read.
  static func expand(_ text: String, files: [(String, String)]) -> Result<
    String, BuildSettings.Problem
  > {
    let known = Dictionary(files, uniquingKeysWith: { $1 })
    var settings = BuildSettings()
    do throws(BuildSettings.Problem) {
      try settings.read(xcconfig: files[0].1, path: files[0].0) { known[$0] }
      var expansion = BuildSettingExpansion(settings)
      return .success(try expansion.expand(text, at: SourceLocation(line: 9, column: 9)))
    } catch {
      return .failure(error)
    }
  }

  static func problem(_ file: String, _ line: Int, _ column: Int, _ reason: String)
    -> Result<String, BuildSettings.Problem>
  {
    .failure(
      BuildSettings.Problem(
        file: file, location: SourceLocation(line: line, column: column), reason: reason))
  }

  static func tooLarge(_ name: String) -> String {
    "`\(name)` expands to more than 1 MiB, the most a build setting's value may (its references repeat other values over and over)"
  }

  /// 28 lines that each double the one before: 2^27 bytes unless stopped. The first assignment
  /// over 1 MiB is the problem, at its value; before the fix this took minutes and gigabytes.
  @Test func doublingChains() {
    let named =
      "A0 = x\n" + (1..<28).map { "A\($0) = $(A\($0 - 1))$(A\($0 - 1))\n" }.joined()
    #expect(
      Self.expand("$(A27)", files: [("Double.xcconfig", named)])
        == Self.problem("Double.xcconfig", 22, 7, Self.tooLarge("A21")))
    // One setting building on itself: `$(A)` in `A`'s value is its earlier value.
    let same = "A = x\n" + String(repeating: "A = $(A)$(A)\n", count: 27)
    #expect(
      Self.expand("$(A)", files: [("Same.xcconfig", same)])
        == Self.problem("Same.xcconfig", 22, 5, Self.tooLarge("A")))
    // With nothing to double, the chain is empty, and each value is expanded once.
    let empty = String(repeating: "A = $(inherited)$(inherited)\n", count: 100_000)
    #expect(Self.expand("[$(A)]", files: [("Empty.xcconfig", empty)]) == .success("[]"))
  }

  /// A 12-level fan-out: each setting refers to the one before ten times.
  @Test func fanOut() {
    let fan =
      "A0 = x\n"
      + (1..<12).map { "A\($0) = " + String(repeating: "$(A\($0 - 1))", count: 10) }
      .joined(separator: "\n")
    #expect(
      Self.expand("$(A11)", files: [("Fan.xcconfig", fan)])
        == Self.problem("Fan.xcconfig", 8, 6, Self.tooLarge("A7")))
    // Below the limit, the value is all there.
    #expect(
      Self.expand("$(A5)", files: [("Fan.xcconfig", fan)])
        == .success(String(repeating: "x", count: 100_000)))
  }

  /// A megabyte of `A = $(A)x`: a chain 95,325 assignments long, expanded without a deeper
  /// call stack and without copying each step's value.
  @Test func aMegabyteChain() {
    let chain = String(repeating: "A = $(A)x\n", count: 95_325)
    #expect(
      Self.expand("$(A:upper)", files: [("Chain.xcconfig", chain)])
        == .success(String(repeating: "X", count: 95_325)))
  }

  /// An app's value that refers to a large setting many times is stopped at the value.
  @Test func anAppValueThatRepeatsASetting() {
    let big = "BIG = " + String(repeating: "y", count: 100_000)
    #expect(
      Self.expand(String(repeating: "$(BIG)", count: 11), files: [("Big.xcconfig", big)])
        == .failure(
          BuildSettings.Problem(
            location: SourceLocation(line: 9, column: 9),
            reason:
              "this value's build settings expand to more than 1 MiB; a build setting's value is a few words"
          )))
  }

  /// 11 small files, each including the next four times: Xcode reads an included file again
  /// each time, so this is a million files' reading; the reading stops at the include past
  /// 10,000, in the file that makes it.
  @Test func filesIncludingEachOtherManyTimes() {
    var files = (0..<10).map { index in
      (
        "Config/F\(index).xcconfig",
        String(repeating: "#include \"F\(index + 1).xcconfig\"\n", count: 4)
      )
    }
    files.append(("Config/F10.xcconfig", "A = $(A)x\n"))
    #expect(
      Self.expand("$(A)", files: files)
        == Self.problem(
          "Config/F8.xcconfig", 3, 1,
          "including `F9.xcconfig` here makes more than 10,000 includes in all, counting a file's includes again each time it is included (as Xcode reads it again); include each file once"
        ))
    // Fewer repeats read, and each counts: 4^5 inclusions of the last file.
    files[5].1 = ""
    #expect(Self.expand("$(A)", files: files) == .success("$(A)"))
    files[5].1 = "A = $(A)x\n"
    #expect(
      Self.expand("$(A)", files: files) == .success(String(repeating: "x", count: 1024)))
  }

  /// Two settings that refer to each other are a cycle, at the reference that closes it; so is
  /// a file that includes itself, at the include.
  @Test func cycles() {
    #expect(
      Self.expand("$(A)", files: [("Cycle.xcconfig", "A = $(B)\nB = x-$(A:lower)\n")])
        == Self.problem(
          "Cycle.xcconfig", 2, 7,
          "`$(A:lower)` in `B` makes a cycle: `A` and `B` refer to each other (`A` → `B` → `A`), so none has a value; break the cycle (a setting may build on its own earlier value with `$(inherited)`)"
        ))
    #expect(
      Self.expand("$(C)", files: [("Three.xcconfig", "A = $(B)\nB = é $(C)\nC = $(A)\n")])
        == Self.problem(
          "Three.xcconfig", 2, 7,
          "`$(C)` in `B` makes a cycle: these settings refer to each other (`C` → `A` → `B` → `C`), so none has a value; break the cycle (a setting may build on its own earlier value with `$(inherited)`)"
        ))
    #expect(
      Self.expand(
        "$(A)",
        files: [
          ("Config/A.xcconfig", "A = 1\n#include \"./Sub/B.xcconfig\"\n"),
          ("Config/Sub/B.xcconfig", "#include \"../A.xcconfig\"\n"),
        ])
        == Self.problem(
          "Config/Sub/B.xcconfig", 1, 1,
          "`../A.xcconfig` is already being read (`Config/A.xcconfig` includes `Config/Sub/B.xcconfig` includes `Config/A.xcconfig`), so this include makes a cycle, which Xcode skips with a warning; remove it"
        ))
    #expect(
      Self.expand(
        "$(A)",
        files: [
          ("A.xcconfig", "A = 1\n#include \"B.xcconfig\"\n"),
          ("B.xcconfig", "// B\n  #include \"A.xcconfig\"\n"),
        ])
        == Self.problem(
          "B.xcconfig", 2, 3,
          "`A.xcconfig` is already being read (`A.xcconfig` includes `B.xcconfig` includes `A.xcconfig`), so this include makes a cycle, which Xcode skips with a warning; remove it"
        ))
  }

  /// A line an included file cannot be read at is located in that file.
  @Test func aProblemInAnIncludedFileIsInThatFile() {
    #expect(
      Self.expand(
        "$(A)",
        files: [
          ("App.xcconfig", "A = 1\n#include \"Shared/Base.xcconfig\"\n"),
          ("Shared/Base.xcconfig", "B = 2\n  just text\n"),
        ]) == Self.problem("Shared/Base.xcconfig", 2, 3, "expected `NAME = VALUE`"))
  }
}
