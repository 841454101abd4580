"""Fix plans and Docker build contexts: the way out of every finding.

- ``plan.build_plan(snapshot, outcome, matrix, target=None, framework=None) -> Plan``:
  ordered ``Action``s (id, description, argv commands, resolves, scope, needs_root,
  needs_reboot, driver_reload, risk, docs, files, env, gate_driver).
- ``script.render_text / render_sh / render_json(plan)``.
- ``apply.apply_plan(plan, yes=..., interactive=...)``: runs only the ``python-env`` pip steps.
- ``docker.write_context(snapshot, matrix, DockerOptions) -> Context`` and
  ``docker.build_image(path, tag, progress)`` (Docker SDK, imported lazily).
- ``validate``: the checks every snapshot value passes before it reaches a command.

See docs/fix.md.
"""
