// The Kubernetes schemas (kubernetes-models) of every kind deploy/ holds, by `apiVersion/kind`: what
// kubernetes.test.ts and kubernetes-content.test.ts validate each manifest against.
import { Deployment } from 'kubernetes-models/apps/v1/Deployment'
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap'
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim'
import { Secret } from 'kubernetes-models/v1/Secret'
import { Service } from 'kubernetes-models/v1/Service'
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress'
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget'

export const KUBERNETES_MODELS: Record<string, { new (data: any): { validate(): void } }> = {
  'apps/v1/Deployment': Deployment,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
}
