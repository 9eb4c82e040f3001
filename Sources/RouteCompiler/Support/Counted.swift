/// `1 error`, `2 errors`: how every summary counts things.
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
