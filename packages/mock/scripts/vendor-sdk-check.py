"""The vendor's Python SDK against a sandbox: its security-group update (the v2 path) and the deprecated v1 path.

Run by vendor-sdk-check.mjs with the SDK's `src` folder on PYTHONPATH and the sandbox's URL, key, project, region
and security group as arguments. Prints one line per check; exits 0 when every check passes, 1 otherwise.
"""

import re
import sys

import httpx
import gcore

base_url, api_key, project_id, region_id, group_id = sys.argv[1:6]
NAME = "vendor-sdk-check"
TAG = ("vendor-sdk-check", "v2")

client = gcore.Gcore(
    api_key=api_key,
    base_url=base_url,
    cloud_project_id=int(project_id),
    cloud_region_id=int(region_id),
    max_retries=0,
)
passed = []


def check(name, ok, detail):
    print(("pass" if ok else "FAIL") + f"  {name}: {detail}")
    passed.append(bool(ok))


try:
    # The SDK's own method: PATCH /cloud/v2/security_groups/…, answered with task ids.
    raw = client.cloud.security_groups.with_raw_response.update(group_id, name=NAME, tags={TAG[0]: TAG[1]})
    tasks = raw.parse().tasks
    check("v2 update (SDK method)", raw.http_response.status_code == 200 and len(tasks) == 1,
          f"{raw.http_response.request.method} {raw.http_response.request.url.path} -> "
          f"{raw.http_response.status_code}, tasks {tasks}")
    check("v2 is not deprecated", "deprecation" not in raw.http_response.headers,
          f"Deprecation: {raw.http_response.headers.get('deprecation')}")
    task = client.cloud.tasks.poll(tasks[0], polling_interval_seconds=1, polling_timeout_seconds=60)
    check("v2 task (SDK poll)", task.state == "FINISHED", f"task {task.id} {task.state}")

    # The SDK has no method for the deprecated v1 path any more: its client's own request call.
    v1 = client.patch(f"/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}", body={}, cast_to=httpx.Response)
    group = v1.json()
    tags = {tag["key"]: tag["value"] for tag in group.get("tags_v2", [])}
    check("v1 update (client.patch)", v1.status_code == 200, f"PATCH {v1.request.url.path} -> {v1.status_code}")
    check("v2 change applied", group.get("name") == NAME and tags.get(TAG[0]) == TAG[1],
          f"name {group.get('name')!r}, tag {TAG[0]}={tags.get(TAG[0])!r}")
    deprecation = v1.headers.get("deprecation", "")
    check("v1 Deprecation header", re.fullmatch(r"@\d+", deprecation) is not None, f"Deprecation: {deprecation}")
    link = v1.headers.get("link", "")
    successor = f"</cloud/v2/security_groups/{project_id}/{region_id}/{group_id}>"
    check("v1 successor Link header", successor in link and 'rel="successor-version"' in link, f"Link: {link}")
except gcore.APIError as error:
    check("SDK call", False, f"{type(error).__name__}: {error}")

print(f"{sum(passed)} passed, {len(passed) - sum(passed)} failed")
sys.exit(0 if passed and all(passed) else 1)
