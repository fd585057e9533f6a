import path from 'node:path';
import zlib from 'node:zlib';

import { gzipAsync, type ZopfliOptions } from '@gfx/zopfli';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { optimize, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

import { ChunkManifestPlugin, PRECOMPRESSED_TEXT } from './scripts/webpack-delivery';

/** Where the API runs while webpack-dev-server serves the SPA with hot reload (`npm run dev`). */
const DEV_API_PORT = Number(process.env.DEV_API_PORT ?? 3001);
const DEV_PORT = Number(process.env.PORT ?? 3000);

/** Where the server-render bundle goes: inside dist, but a dot folder, which is never served. */
export const SERVER_RENDER_DIR = path.resolve(__dirname, 'dist', '.ssr');
export const SERVER_RENDER_FILE = 'render.cjs';

/**
 * react-router's package.json names no `production` condition, so bundlers resolve its
 * development build (extra checks and warnings, more to parse). Production builds use its own
 * production build instead; `react-router-dom` re-exports both entries.
 */
const productionRouter = {
  'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

const typescriptRule = (dev: boolean, refresh: boolean) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2020',
        transform: { react: { runtime: 'automatic', development: dev, refresh } },
      },
    },
  },
});

/**
 * The server's render of first screens (src/ssr/render.tsx): the same sources for Node, one file
 * with every page chunk in it, React in production mode. Stylesheets are the browser's business
 * (they only need to load as modules); asset URLs come out as in the browser build, unwritten.
 */
export function serverRenderConfig(): Configuration {
  return {
    mode: 'production',
    target: 'node24',
    entry: { render: './src/ssr/render.tsx' },
    output: {
      path: SERVER_RENDER_DIR,
      filename: SERVER_RENDER_FILE,
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: productionRouter },
    module: {
      rules: [
        typescriptRule(false, false),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

export default function config(_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration {
  const mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const dev = mode === 'development';
  const serving = process.env.WEBPACK_SERVE === 'true';

  const devServer: DevServerConfiguration = {
    port: DEV_PORT,
    hot: true,
    historyApiFallback: true,
    client: { overlay: { warnings: false, errors: true } },
    proxy: [
      {
        context: ['/v0/api', '/media', '/catalogue', '/health'],
        target: `http://127.0.0.1:${DEV_API_PORT}`,
      },
    ],
  };

  return {
    mode,
    entry: {
      main: './src/main.tsx',
      // The embed page's player (docs/sharing.md): its own small entry with its runtime inside
      // (runtime: false), never in index.html; hls.js comes as the lazily loaded hls chunks.
      embed: { import: './src/features/videos/embed/embedPlayer.ts', runtime: false },
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: dev ? 'assets/[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: dev ? 'assets/[name].chunk.js' : 'assets/[name].[contenthash:10].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: dev ? {} : productionRouter },
    module: {
      rules: [
        typescriptRule(dev, dev && serving),
        {
          test: /\.css$/,
          use: [dev ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'],
        },
        { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset/resource' },
        // `import url from 'file?url'`: the file as a hashed asset, its URL as the value (the
        // hls.js transmuxing worker, loaded from the site's own origin as the CSP wants).
        { resourceQuery: /^\?url$/, type: 'asset/resource' },
        // The player's modules run nothing when imported. Said outright, so that the embed entry
        // (no React), which imports src/features/player's index, leaves out the React hooks that
        // index also exports, and React with them (webpack keeps a module importing React for its
        // side effects otherwise, and the embed page would load the framework chunk).
        { test: /[\\/]src[\\/]features[\\/]player[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg', chunks: ['main'] }),
      ...(dev ? [] : [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' })]),
      ...(dev && serving ? [new ReactRefreshWebpackPlugin()] : []),
      // Which files each page chunk needs, so the server can preload a route's code with its HTML.
      ...(dev ? [] : [new ChunkManifestPlugin()]),
      // Brotli and gzip copies of every text asset, served by negotiation (never media).
      ...(dev
        ? []
        : [
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: PRECOMPRESSED_TEXT,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 1,
            }),
            // gzip for clients without brotli (plain-http LAN addresses): Zopfli writes ordinary
            // gzip ~4 % smaller than zlib's level 9, once at build time (a few seconds).
            new CompressionPlugin<ZopfliOptions>({
              filename: '[path][base].gz',
              algorithm: (input, options, callback) => {
                gzipAsync(input, options).then(
                  (output) => callback(null, Buffer.from(output)),
                  (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Buffer.alloc(0)),
                );
              },
              test: PRECOMPRESSED_TEXT,
              compressionOptions: { numiterations: 15 },
              threshold: 0,
              minRatio: 1,
            }),
          ]),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, Redux and the router change rarely: a long-cached vendor chunk.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|redux|react-redux|redux-persist|immer|reselect)[\\/]/,
            name: 'framework',
            priority: 20,
            chunks: 'initial',
          },
          intl: {
            test: /[\\/]node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/,
            name: 'intl',
            priority: 15,
            chunks: 'initial',
          },
          // Wallet sign-in libraries load only when someone clicks the wallet button.
          walletVendor: {
            test: /[\\/]node_modules[\\/](wagmi|@wagmi|viem|ox|abitype|@noble|@scure|@tanstack|mipd|eventemitter3|zustand|use-sync-external-store)[\\/]/,
            name: 'wallet-vendor',
            priority: 10,
            chunks: 'async',
          },
          // hls.js loads only on the video page, only where the browser has no native HLS.
          hlsVendor: {
            test: /[\\/]node_modules[\\/]hls\.js[\\/]/,
            name: 'hls-vendor',
            priority: 10,
            chunks: 'async',
          },
          // The player's controls (media-chrome) load only on the video page, after hydration.
          playerVendor: {
            test: /[\\/]node_modules[\\/](media-chrome|ce-la-react)[\\/]/,
            name: 'player-vendor',
            priority: 10,
            chunks: 'async',
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer,
  };
}
