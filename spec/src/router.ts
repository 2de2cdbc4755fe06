/**
 * A route table built from path templates (`/cloud/v1/tasks/{task_id}`): a tree of path segments where
 * literal segments win over parameters. Parameters must fill whole segments; two templates may name the
 * parameter at the same place differently (`/tasks/{task_id}` and `/tasks/{project_id}/{region_id}/active`).
 */
export interface RouteMatch<T> {
  /** The route for the method, if the path has one. */
  route: T | undefined;
  /** Methods (upper case) the matched path has; empty when no path matched. */
  allowed: string[];
  /** Raw (still percent-encoded) path parameters. */
  params: Record<string, string>;
}

interface Leaf<T> {
  route: T;
  /** Parameter names in the order of their segments. */
  names: string[];
}

interface Node<T> {
  literal: Map<string, Node<T>>;
  param: Node<T> | undefined;
  methods: Map<string, Leaf<T>> | undefined;
}

const newNode = <T>(): Node<T> => ({ literal: new Map(), param: undefined, methods: undefined });
const PARAM = /^\{([^{}]+)\}$/;

export class Router<T> {
  private readonly root: Node<T> = newNode();

  add(method: string, template: string, route: T): void {
    let node = this.root;
    const names: string[] = [];
    for (const segment of splitPath(template)) {
      const name = PARAM.exec(segment)?.[1];
      if (name !== undefined) {
        names.push(name);
        node.param ??= newNode();
        node = node.param;
      } else {
        if (segment.includes("{")) throw new Error(`${template}: a parameter must fill a whole segment`);
        let next = node.literal.get(segment);
        if (!next) {
          next = newNode();
          node.literal.set(segment, next);
        }
        node = next;
      }
    }
    node.methods ??= new Map();
    const key = method.toUpperCase();
    if (node.methods.has(key)) throw new Error(`${key} ${template} clashes with another route`);
    node.methods.set(key, { route, names });
  }

  match(method: string, path: string): RouteMatch<T> {
    const values: string[] = [];
    const node = find(this.root, splitPath(path), 0, values);
    if (!node?.methods) return { route: undefined, allowed: [], params: {} };
    const leaf = node.methods.get(method.toUpperCase());
    const params: Record<string, string> = {};
    if (leaf) for (const [i, name] of leaf.names.entries()) params[name] = values[i] as string;
    return { route: leaf?.route, allowed: [...node.methods.keys()], params };
  }
}

function splitPath(path: string): string[] {
  const parts = path.split("/");
  // "/a/b" → ["a", "b"]; a trailing slash leaves an empty segment, which matches nothing.
  return parts[0] === "" ? parts.slice(1) : parts;
}

/** Depth-first: literal first, then parameter; `values` receives the parameter segments of the match. */
function find<T>(node: Node<T>, segments: string[], index: number, values: string[]): Node<T> | undefined {
  const segment = segments[index];
  if (segment === undefined) return node.methods ? node : undefined;
  const literal = node.literal.get(segment);
  if (literal) {
    const found = find(literal, segments, index + 1, values);
    if (found) return found;
  }
  if (node.param && segment !== "") {
    values.push(segment);
    const found = find(node.param, segments, index + 1, values);
    if (found) return found;
    values.pop();
  }
  return undefined;
}
