/**
 * Our WASM Conv2DBackpropFilter and Conv2DBackpropInput must give what the CPU backend's kernels give, for the
 * strides and paddings the model uses and a few it does not (the filter gradient through both implementations:
 * im2col + matmul, plain loops); and the gradients they yield must match finite differences of conv2d itself.
 */
import * as tf from "@tensorflow/tfjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "../backend";
import { nodeWasmPaths } from "../backend-node";
import { mulberry32 } from "../synthetic/prng";
import { setConv2dBackpropFilterStrategy } from "./conv2d-backprop-filter-wasm";

type Case = {
  x: [number, number, number, number];
  filter: [number, number, number, number];
  strides: number | [number, number];
  pad: "same" | "valid" | number;
};

const CASES: Case[] = [
  { x: [2, 8, 8, 3], filter: [3, 3, 3, 4], strides: 1, pad: "same" },
  { x: [2, 8, 8, 3], filter: [3, 3, 3, 4], strides: 1, pad: "valid" },
  { x: [3, 9, 7, 2], filter: [3, 3, 2, 5], strides: 2, pad: "same" },
  { x: [3, 9, 7, 2], filter: [3, 3, 2, 5], strides: 2, pad: "valid" },
  { x: [1, 10, 12, 4], filter: [5, 3, 4, 3], strides: [2, 3], pad: "same" },
  { x: [2, 11, 11, 3], filter: [4, 4, 3, 2], strides: 2, pad: "same" }, // even filter: asymmetric 'same' padding
  { x: [2, 6, 6, 2], filter: [3, 3, 2, 2], strides: 1, pad: 1 },
  { x: [1, 16, 16, 8], filter: [1, 1, 8, 6], strides: 1, pad: "valid" },
  { x: [4, 32, 32, 8], filter: [3, 3, 8, 16], strides: 2, pad: "same" }, // the model's second layer, small batch
];

function randomArray(size: number, seed: number): Float32Array {
  const random = mulberry32(seed);
  return Float32Array.from({ length: size }, () => random() * 2 - 1);
}

async function backpropFilter(backend: "cpu" | "wasm", c: Case, xData: Float32Array, dyData: Float32Array) {
  await useBackend(backend, { wasmPaths: nodeWasmPaths() });
  const outShape = tf.conv2d(tf.zeros(c.x) as tf.Tensor4D, tf.zeros(c.filter) as tf.Tensor4D, c.strides, c.pad).shape;
  expect(dyData.length).toBe(outShape.reduce((a, b) => a * b, 1));
  // The kernel itself, as conv2d's gradient calls it (tfjs does not export the op conv2DBackpropFilter).
  const attrs = { strides: c.strides, pad: c.pad, dataFormat: "NHWC", filterShape: c.filter };
  return tf.tidy(
    () =>
      tf.engine().runKernel(
        "Conv2DBackpropFilter",
        { x: tf.tensor4d(xData, c.x), dy: tf.tensor(dyData, outShape) },
        attrs as unknown as tf.NamedAttrMap,
      ) as tf.Tensor4D,
  ).array();
}

async function backpropInput(backend: "cpu" | "wasm", c: Case, dyData: Float32Array, filterData: Float32Array) {
  await useBackend(backend, { wasmPaths: nodeWasmPaths() });
  const outShape = tf.tidy(() => tf.conv2d(tf.zeros(c.x) as tf.Tensor4D, tf.zeros(c.filter) as tf.Tensor4D, c.strides, c.pad).shape);
  const attrs = { strides: c.strides, pad: c.pad, dataFormat: "NHWC", inputShape: c.x };
  return tf.tidy(
    () =>
      tf.engine().runKernel(
        "Conv2DBackpropInput",
        { dy: tf.tensor(dyData, outShape), filter: tf.tensor4d(filterData, c.filter) },
        attrs as unknown as tf.NamedAttrMap,
      ) as tf.Tensor4D,
  ).array();
}

function relativeError(actual: number[], expected: number[]): number {
  expect(actual).toHaveLength(expected.length);
  const maxError = Math.max(...actual.map((v, i) => Math.abs(v - expected[i])));
  return maxError / Math.max(1, ...expected.map(Math.abs));
}

function outSize(c: Case): number {
  return tf.tidy(() => tf.conv2d(tf.zeros(c.x) as tf.Tensor4D, tf.zeros(c.filter) as tf.Tensor4D, c.strides, c.pad).size);
}

/**
 * Compares an analytic gradient with central finite differences of `loss` at `data`, one element at a time; returns
 * how many elements were checked. float32 on both sides: h = 1e-2 keeps rounding error small; conv2d is linear in
 * the filter and in the input, so the central difference has no truncation error.
 */
function expectFiniteDifferences(loss: (t: tf.Tensor) => tf.Scalar, data: ArrayLike<number>, shape: number[], analytic: ArrayLike<number>): number {
  const h = 1e-2;
  for (let i = 0; i < data.length; i += 1) {
    const plus = Float32Array.from(data);
    const minus = Float32Array.from(data);
    plus[i] += h;
    minus[i] -= h;
    const numeric = tf.tidy(() => (loss(tf.tensor(plus, shape)).dataSync()[0] - loss(tf.tensor(minus, shape)).dataSync()[0]) / (2 * h));
    expect(Math.abs(analytic[i] - numeric)).toBeLessThan(2e-3 * Math.max(1, Math.abs(numeric)));
  }
  return data.length;
}

describe("conv2d gradient kernels on wasm", () => {
  beforeAll(async () => {
    await useBackend("wasm", { wasmPaths: nodeWasmPaths() });
  });
  afterAll(() => setConv2dBackpropFilterStrategy("auto"));

  for (const strategy of ["im2col-matmul", "loops"] as const) {
    it.each(CASES)(`${strategy}: x $x, filter $filter, strides $strides, pad $pad equals the CPU kernel`, async (c) => {
      const xData = randomArray(c.x.reduce((a, b) => a * b, 1), 1);
      const dyData = randomArray(outSize(c), 2);
      const expected = (await backpropFilter("cpu", c, xData, dyData)).flat(3);
      setConv2dBackpropFilterStrategy(strategy);
      const actual = (await backpropFilter("wasm", c, xData, dyData)).flat(3);
      expect(relativeError(actual, expected)).toBeLessThan(1e-5);
    });
  }

  it.each(CASES)("input gradient: x $x, filter $filter, strides $strides, pad $pad equals the CPU kernel", async (c) => {
    const dyData = randomArray(outSize(c), 6);
    const filterData = randomArray(c.filter.reduce((a, b) => a * b, 1), 7);
    const expected = (await backpropInput("cpu", c, dyData, filterData)).flat(3);
    const actual = (await backpropInput("wasm", c, dyData, filterData)).flat(3);
    expect(relativeError(actual, expected)).toBeLessThan(1e-5);
  });

  it("matches central finite differences of conv2d with respect to the filter and the input", async () => {
    setConv2dBackpropFilterStrategy("auto");
    await useBackend("wasm");
    expect(tf.getBackend()).toBe("wasm"); // only our gradient kernels are registered there: tf.grad uses them
    const c: Case = { x: [2, 7, 7, 2], filter: [3, 3, 2, 3], strides: 2, pad: "same" };
    const x = tf.tensor4d(randomArray(2 * 7 * 7 * 2, 3), c.x);
    const filterData = randomArray(3 * 3 * 2 * 3, 4);
    // A non-uniform weighting of the outputs, so every output position matters differently.
    const weights = tf.tensor(randomArray(outSize(c), 5), [2, 4, 4, 3]);
    const loss = (f: tf.Tensor) => tf.sum(tf.mul(tf.conv2d(x, f as tf.Tensor4D, c.strides, c.pad), weights)) as tf.Scalar;
    const analytic = await tf.grad(loss)(tf.tensor4d(filterData, c.filter)).data();
    const xData = await x.data();
    const lossOfX = (xt: tf.Tensor) =>
      tf.sum(tf.mul(tf.conv2d(xt as tf.Tensor4D, tf.tensor4d(filterData, c.filter), c.strides, c.pad), weights)) as tf.Scalar;
    const analyticX = await tf.grad(lossOfX)(x).data();

    const checked = expectFiniteDifferences(loss, filterData, c.filter, analytic) + expectFiniteDifferences(lossOfX, xData, c.x, analyticX);
    expect(checked).toBe(54 + 196);
    tf.dispose([x, weights]);
  });

  // The test above runs the plain loops (K·P·Cout = 18·32·3, far below LOOPS_BELOW_MACS); the model's real layers
  // take im2col + matmul, so its gradient is checked against finite differences too (filter only: the input
  // gradient does not depend on the strategy).
  it("matches central finite differences of conv2d with respect to the filter on the im2col + matmul path", async () => {
    setConv2dBackpropFilterStrategy("im2col-matmul");
    await useBackend("wasm");
    expect(tf.getBackend()).toBe("wasm");
    const c: Case = { x: [2, 7, 7, 2], filter: [3, 3, 2, 3], strides: 2, pad: "same" };
    const x = tf.tensor4d(randomArray(2 * 7 * 7 * 2, 8), c.x);
    const filterData = randomArray(3 * 3 * 2 * 3, 9);
    const weights = tf.tensor(randomArray(outSize(c), 10), [2, 4, 4, 3]);
    const loss = (f: tf.Tensor) => tf.sum(tf.mul(tf.conv2d(x, f as tf.Tensor4D, c.strides, c.pad), weights)) as tf.Scalar;
    const analytic = await tf.grad(loss)(tf.tensor4d(filterData, c.filter)).data();
    expectFiniteDifferences(loss, filterData, c.filter, analytic);
    setConv2dBackpropFilterStrategy("auto");
    tf.dispose([x, weights]);
  });
});
