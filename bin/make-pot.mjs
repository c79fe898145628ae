#!/usr/bin/env node
/**
 * Writes languages/donation-widget.pot: every string of the plugin's PHP (xgettext, with
 * WordPress's translation functions as keywords), of block.json, and of the front end
 * (@wordpress/babel-plugin-makepot over src/). `npm run build` runs it after webpack.
 *
 * A string of the front end is referenced by the built file that holds it (build/view.js,
 * build/step-details.js, …), not by its source file: `wp i18n make-json` names each JSON file
 * after the md5 of that reference, and that is the name WordPress looks for when it loads the
 * script's translations (Blocks\ScriptTranslations merges the lazy chunks' files in).
 *
 * The output has no creation date, so an unchanged plugin gives an identical file and CI can
 * tell a template that was not regenerated (`git diff --exit-code languages/`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const require = createRequire( import.meta.url );
// @babel/core comes with @wordpress/scripts, which parses the same sources for the build.
// eslint-disable-next-line import/no-extraneous-dependencies
const babel = require( '@babel/core' );
const makepot = require.resolve( '@wordpress/babel-plugin-makepot' );
// The gettext-parser the plugin itself writes with.
const { po } = createRequire( makepot )( 'gettext-parser' );

const DOMAIN = 'donation-widget';
const OUTPUT = path.join( root, 'languages', `${ DOMAIN }.pot` );

/**
 * Files under a folder whose names match, skipping tests.
 *
 * @param {string} dir     Folder, relative to the plugin.
 * @param {RegExp} pattern File name pattern.
 * @return {string[]} Paths relative to the plugin, sorted.
 */
function filesIn( dir, pattern ) {
	const found = [];
	const walk = ( relative ) => {
		for ( const entry of fs.readdirSync( path.join( root, relative ), {
			withFileTypes: true,
		} ) ) {
			const child = path.posix.join( relative, entry.name );
			if ( entry.isDirectory() ) {
				if ( entry.name !== '__tests__' ) {
					walk( child );
				}
			} else if (
				pattern.test( entry.name ) &&
				! /\.test\./.test( entry.name )
			) {
				found.push( child );
			}
		}
	};
	walk( dir );
	return found.sort();
}

/**
 * The PHP strings, through xgettext (Debian's gettext package).
 *
 * @return {Object} Parsed template.
 */
function phpStrings() {
	const files = [
		'donation-widget.php',
		'uninstall.php',
		...filesIn( 'includes', /\.php$/ ),
		...filesIn( 'blocks', /\.php$/ ),
	];
	const keywords = [
		'__',
		'_e',
		'esc_html__',
		'esc_html_e',
		'esc_attr__',
		'esc_attr_e',
		'_x:1,2c',
		'_ex:1,2c',
		'esc_html_x:1,2c',
		'esc_attr_x:1,2c',
		'_n:1,2',
		'_nx:1,2,4c',
		'_n_noop:1,2',
		'_nx_noop:1,2,3c',
	];
	const output = execFileSync(
		'xgettext',
		[
			'--language=PHP',
			'--from-code=UTF-8',
			'--add-comments=translators:',
			'--no-wrap',
			'--sort-by-file',
			// Files without line numbers: moving code does not change the template, only new strings do.
			'--add-location=file',
			'--output=-',
			...keywords.map( ( keyword ) => `--keyword=${ keyword }` ),
			...files,
		],
		{
			cwd: root,
			maxBuffer: 64 * 1024 * 1024,
			env: { ...process.env, LC_ALL: 'C.UTF-8' },
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		}
	);
	return po.parse( output );
}

/**
 * The block's title, description and keywords, as WordPress translates them from block.json.
 *
 * @return {Array<Object>} Translations.
 */
function blockStrings() {
	const file = 'blocks/donation-widget/block.json';
	const block = JSON.parse(
		fs.readFileSync( path.join( root, file ), 'utf8' )
	);
	const entries = [
		[ 'block title', block.title ],
		[ 'block description', block.description ],
		...( block.keywords ?? [] ).map( ( keyword ) => [
			'block keyword',
			keyword,
		] ),
	];
	return entries
		.filter( ( [ , text ] ) => typeof text === 'string' && text !== '' )
		.map( ( [ context, text ] ) => ( {
			msgctxt: context,
			msgid: text,
			msgstr: [ '' ],
			comments: { reference: file },
		} ) );
}

/**
 * The front end's strings, each referenced by the built files that hold it.
 *
 * @return {Object} Parsed template.
 */
function scriptStrings() {
	const temporary = fs.mkdtempSync(
		path.join( os.tmpdir(), 'donation-widget-pot-' )
	);
	// One template per source file (the plugin keeps its strings per instance), merged below.
	const parsed = { translations: {} };
	for ( const [ index, file ] of filesIn( 'src', /\.(ts|tsx)$/ ).entries() ) {
		const output = path.join( temporary, `${ index }.pot` );
		babel.transformFileSync( path.join( root, file ), {
			babelrc: false,
			configFile: false,
			cwd: root,
			code: false,
			parserOpts: { plugins: [ 'typescript', 'jsx' ] },
			plugins: [ [ makepot, { output } ] ],
		} );
		if ( fs.existsSync( output ) ) {
			for ( const context of Object.values(
				po.parse( fs.readFileSync( output ) ).translations
			) ) {
				for ( const translation of Object.values( context ) ) {
					if ( translation.msgid !== '' ) {
						add( parsed.translations, translation );
					}
				}
			}
		}
	}
	fs.rmSync( temporary, { recursive: true, force: true } );

	const built = filesIn( 'build', /\.js$/ ).map( ( file ) => ( {
		file,
		code: fs.readFileSync( path.join( root, file ), 'utf8' ),
	} ) );
	if ( built.length === 0 ) {
		throw new Error( 'build/ is empty: run wp-scripts build first.' );
	}
	for ( const context of Object.values( parsed.translations ) ) {
		for ( const translation of Object.values( context ) ) {
			if ( translation.msgid === '' ) {
				continue;
			}
			// A string code-split away from view.js lives in the chunk that holds it. A string in
			// no built file (only in types or dead code) keeps its source reference.
			// The minifier quotes with " or ', whichever needs fewer escapes.
			const literals = [
				JSON.stringify( translation.msgid ),
				`'${ translation.msgid.replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`,
			];
			const holders = built
				.filter( ( { code } ) =>
					literals.some( ( literal ) => code.includes( literal ) )
				)
				.map( ( { file } ) => file );
			if ( holders.length > 0 ) {
				translation.comments.reference = holders.join( '\n' );
			}
		}
	}
	return parsed;
}

/**
 * Adds one translation to the template, merging references of a string seen before.
 *
 * @param {Object} translations By context, then msgid.
 * @param {Object} translation  One entry.
 */
function add( translations, translation ) {
	const context = translation.msgctxt ?? '';
	translations[ context ] ??= {};
	const existing = translations[ context ][ translation.msgid ];
	if ( ! existing ) {
		translations[ context ][ translation.msgid ] = translation;
		return;
	}
	const join = ( a = '', b = '' ) =>
		[
			...new Set(
				[ ...a.split( '\n' ), ...b.split( '\n' ) ].filter( Boolean )
			),
		].join( '\n' );
	existing.comments = existing.comments ?? {};
	existing.comments.reference = join(
		existing.comments.reference,
		translation.comments?.reference
	);
	existing.comments.extracted = join(
		existing.comments.extracted,
		translation.comments?.extracted
	);
}

const translations = {};
for ( const source of [ phpStrings(), scriptStrings() ] ) {
	for ( const context of Object.values( source.translations ) ) {
		for ( const translation of Object.values( context ) ) {
			if ( translation.msgid !== '' ) {
				add( translations, translation );
			}
		}
	}
}
for ( const translation of blockStrings() ) {
	add( translations, translation );
}

const pluginHeader = fs.readFileSync(
	path.join( root, 'donation-widget.php' ),
	'utf8'
);
const version = pluginHeader.match( /^\s*\*\s*Version:\s*(\S+)/m )?.[ 1 ] ?? '';
const template = po.compile( {
	charset: 'utf-8',
	headers: {
		'Project-Id-Version': `Donation Widget ${ version }`,
		'Report-Msgid-Bugs-To': '',
		'MIME-Version': '1.0',
		'content-type': 'text/plain; charset=UTF-8',
		'Content-Transfer-Encoding': '8bit',
		'Plural-Forms': 'nplurals=INTEGER; plural=EXPRESSION;',
		'X-Domain': DOMAIN,
	},
	translations: {
		...translations,
		'': { '': { msgid: '', msgstr: [ '' ] }, ...translations[ '' ] },
	},
} );
fs.mkdirSync( path.dirname( OUTPUT ), { recursive: true } );
fs.writeFileSync( OUTPUT, template );
let count = 0;
for ( const context of Object.values( translations ) ) {
	count += Object.keys( context ).length;
}
// eslint-disable-next-line no-console
console.log( `languages/${ DOMAIN }.pot: ${ count } strings.` );
