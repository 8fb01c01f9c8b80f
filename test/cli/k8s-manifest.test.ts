/**
 * docs/rate-indexed-job.json cannot run here (no Kubernetes): its fields are checked against the
 * batch/v1 Job schema's (Kubernetes API reference, v1.30: Job, JobSpec, PodTemplateSpec, PodSpec,
 * Container, EnvVar, ResourceRequirements, VolumeMount, Volume), its shard count against its
 * completions, and its container's command is run as a pod with its index would run it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../dataPath';
import { ROOT, cliTestFolder, runCliWith } from '../cli';

const MANIFEST = join(ROOT, 'docs', 'rate-indexed-job.json');
const folder = cliTestFolder('sudoku-lens-k8s-');

/** Each object's field names, as the API reference lists them (PodSpec and Container: the common ones). */
const SCHEMA: Record<string, readonly string[]> = {
  Job: ['apiVersion', 'kind', 'metadata', 'spec'],
  ObjectMeta: ['name', 'generateName', 'namespace', 'labels', 'annotations'],
  JobSpec: [
    'activeDeadlineSeconds', 'backoffLimit', 'backoffLimitPerIndex', 'completionMode', 'completions', 'managedBy', 'manualSelector',
    'maxFailedIndexes', 'parallelism', 'podFailurePolicy', 'podReplacementPolicy', 'selector', 'successPolicy', 'suspend', 'template',
    'ttlSecondsAfterFinished',
  ],
  PodTemplateSpec: ['metadata', 'spec'],
  PodSpec: [
    'containers', 'initContainers', 'restartPolicy', 'volumes', 'nodeSelector', 'affinity', 'tolerations', 'serviceAccountName',
    'securityContext', 'imagePullSecrets', 'priorityClassName', 'terminationGracePeriodSeconds', 'activeDeadlineSeconds',
  ],
  Container: [
    'name', 'image', 'imagePullPolicy', 'command', 'args', 'workingDir', 'env', 'envFrom', 'resources', 'volumeMounts', 'ports',
    'securityContext', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'stdin', 'tty',
  ],
  EnvVar: ['name', 'value', 'valueFrom'],
  ResourceRequirements: ['requests', 'limits', 'claims'],
  VolumeMount: ['name', 'mountPath', 'subPath', 'readOnly', 'mountPropagation', 'subPathExpr'],
  Volume: ['name', 'persistentVolumeClaim', 'emptyDir', 'hostPath', 'configMap', 'secret', 'nfs'],
  PersistentVolumeClaimVolumeSource: ['claimName', 'readOnly'],
};

type Json = Record<string, unknown>;
const job = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Json;
const spec = job.spec as Json;
const template = spec.template as Json;
const pod = template.spec as Json;
const [container] = pod.containers as Json[];

/** The fields of `object` that `type` does not have. */
const unknown = (type: string, object: Json): string[] => Object.keys(object).filter((k) => !SCHEMA[type].includes(k)).map((k) => `${type}.${k}`);

describe('the Kubernetes Indexed Job manifest (docs/rate-indexed-job.json)', () => {
  it('uses only fields of the batch/v1 Job schema', () => {
    expect([job.apiVersion, job.kind]).toEqual(['batch/v1', 'Job']);
    const objects: [string, Json][] = [
      ['Job', job],
      ['ObjectMeta', job.metadata as Json],
      ['JobSpec', spec],
      ['PodTemplateSpec', template],
      ['PodSpec', pod],
      ...(pod.containers as Json[]).map((c): [string, Json] => ['Container', c]),
      ...(container.env as Json[]).map((e): [string, Json] => ['EnvVar', e]),
      ['ResourceRequirements', container.resources as Json],
      ...(container.volumeMounts as Json[]).map((v): [string, Json] => ['VolumeMount', v]),
      ...(pod.volumes as Json[]).map((v): [string, Json] => ['Volume', v]),
      ...(pod.volumes as Json[]).map((v): [string, Json] => ['PersistentVolumeClaimVolumeSource', v.persistentVolumeClaim as Json]),
    ];
    expect(objects.flatMap(([type, o]) => unknown(type, o))).toEqual([]);
    // The values' rules the API server enforces for these fields.
    expect(spec.completionMode).toBe('Indexed');
    expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
    expect(spec.maxFailedIndexes as number).toBeLessThanOrEqual(spec.completions as number);
    expect((pod.volumes as Json[]).map((v) => v.name)).toEqual(expect.arrayContaining((container.volumeMounts as Json[]).map((m) => m.name)));
  });

  it('tells each pod the shard count its completions make, and runs as the pod with index 3 would', () => {
    const env = Object.fromEntries((container.env as { name: string; value: string }[]).map((e) => [e.name, e.value]));
    expect(env.SUDOKU_LENS_SHARDS).toBe(String(spec.completions));
    const command = container.command as string[];
    const args = command.slice(command.indexOf('sudoku-lens') + 1);
    expect(args).toEqual(expect.arrayContaining(['--resume', 'out/rated-{shard}.jsonl']));
    const lines = readFileSync(dataPath('gss-17clue', 'sudoku17_spl.dat'), 'utf8').split('\n').slice(0, 40);
    writeFileSync(join(folder(), 'puzzles.txt'), `${lines.join('\n')}\n`);
    const r = runCliWith({ cwd: folder(), env: { ...env, JOB_COMPLETION_INDEX: '3', SLURM_ARRAY_TASK_ID: undefined } }, ...args.map((a) => a.replace('out/', '')));
    expect(r.stderr).toContain('sudoku-lens: shard 3/8 (JOB_COMPLETION_INDEX=3)');
    expect(r.status).toBe(0);
    expect(readFileSync(join(folder(), 'rated-3.jsonl'), 'utf8').trim().split('\n')).toHaveLength(5);
  });
});
