/// `1 error`, `2 errors`: how every message and summary counts things.
package func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
