import ArgumentParser
import RouteCompiler
import RouteTools

extension ReportFormat: ExpressibleByArgument {}
