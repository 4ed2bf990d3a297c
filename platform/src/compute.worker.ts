import { computeLoaders } from '@toolbox/plugins/computes';
import { exposeCompute } from '@toolbox/sdk/worker';

exposeCompute(computeLoaders);
