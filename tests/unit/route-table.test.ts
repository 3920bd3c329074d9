import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { buildRoutePreloads, routePageFiles, type BuildChunk } from "../../scripts/build/route-preloads.ts";
import { isStaticPath, notFoundEntry, routeTable, type RouteEntry } from "../../src/app/route-table.ts";
import { pageModules, routes } from "../../src/app/routes.tsx";

const SRC_APP = resolve(import.meta.dirname, "../../src/app");
const entries: ReadonlyArray<RouteEntry> = [...routeTable, notFoundEntry];
const moduleFiles = [...new Set(entries.map((entry) => entry.page))];

/** The names a module exports (`default` included), read from its syntax tree. */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names = new Set<string>();
  const has = (node: ts.Node, kind: ts.SyntaxKind) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) names.add("default");
    if (ts.isExportDeclaration(statement) && statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
    if (!has(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (has(statement, ts.SyntaxKind.DefaultKeyword)) names.add("default");
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name !== undefined) names.add(statement.name.text);
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
    }
  }
  return names;
}

describe("the route table", () => {
  it.each(entries.map((entry) => [entry.path, entry] as const))("%s names a page module that exists and exports its page", (_path, entry) => {
    const file = resolve(SRC_APP, entry.page);
    expect(existsSync(file), `${entry.page} does not exist`).toBe(true);
    expect([...exportedNames(file)]).toContain(entry.pageExport ?? "default");
  });

  it("lists each path once", () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("is what the router renders, in the same order", () => {
    expect(routes.map((route) => route.path)).toEqual(routeTable.map((route) => route.path));
    expect(routes.map((route) => route.title)).toEqual(routeTable.map((route) => route.title));
  });

  it("its page modules are exactly the files the router globs (each its own lazy chunk, nothing extra)", () => {
    expect(Object.keys(pageModules).sort()).toEqual([...moduleFiles].sort());
  });

  it("paths that share a page module share one lazy component", () => {
    const byPage = new Map<string, unknown>();
    for (const [index, route] of routes.entries()) {
      const entry = routeTable[index];
      if (entry === undefined) throw new Error("routes and routeTable differ in length");
      const key = `${entry.page}#${entry.pageExport ?? "default"}`;
      const seen = byPage.get(key);
      if (seen === undefined) byPage.set(key, route.page);
      else expect(route.page).toBe(seen);
    }
  });
});

describe("route preloads (scripts/build/route-preloads.ts)", () => {
  // A fake build: an entry, one chunk per page module, all importing a shared
  // chunk with CSS, and the shared chunk importing one the entry already has.
  const chunkName = (module: string) => `assets/${module.replace(/\W+/g, "_")}.js`;
  const chunks: BuildChunk[] = [
    { fileName: "assets/index.js", isEntry: true, facadeModuleId: resolve(SRC_APP, "main.tsx"), imports: ["assets/vendor.js"], importedCss: new Set(["assets/index.css"]) },
    { fileName: "assets/vendor.js", isEntry: false, facadeModuleId: null, imports: [], importedCss: new Set() },
    { fileName: "assets/shared.js", isEntry: false, facadeModuleId: null, imports: ["assets/vendor.js"], importedCss: new Set(["assets/shared.css"]) },
    ...moduleFiles.map((module) => ({
      fileName: chunkName(module),
      isEntry: false,
      facadeModuleId: resolve(SRC_APP, module),
      imports: ["assets/shared.js"],
      importedCss: new Set([chunkName(module).replace(/\.js$/, ".css")]),
    })),
  ];
  const preloads = buildRoutePreloads(chunks, routeTable, SRC_APP);

  it("covers every route path without parameters, and only those", () => {
    const staticPaths = routeTable.map((route) => route.path).filter((path) => !path.includes(":"));
    expect(staticPaths.length).toBeGreaterThan(20);
    expect(Object.keys(preloads).sort()).toEqual([...staticPaths].sort());
    expect(Object.keys(preloads).every(isStaticPath)).toBe(true);
  });

  it("gives each path its page chunk, its imports and their CSS, minus what the entry loads", () => {
    for (const route of routeTable.filter((entry) => isStaticPath(entry.path))) {
      const page = chunkName(route.page);
      expect(preloads[route.path]).toEqual({
        js: [`/${page}`, "/assets/shared.js"],
        css: [`/${page.replace(/\.js$/, ".css")}`, "/assets/shared.css"],
      });
    }
  });

  it("resolves the table's modules against src/app", () => {
    expect(routePageFiles(routeTable, SRC_APP).get("/")).toBe(resolve(SRC_APP, "../features/public-site/components/HomePage.tsx"));
  });
});
